/**
 * docs/requirements.md §21 "Settings has Display currencies": for each currency a rate to the rupee, entered by
 * the owner, with the date it was set (the server dates a new or changed rate; an empty one is
 * not shown to buyers).
 */
import { formatLongDate } from '../../../core/time/dates';
import {
  DISPLAY_CURRENCIES,
  displayRateField,
  formatRate,
  parseDisplayRates,
  RATE_DECIMALS,
} from '../../../core/money/display-currency';
import { inputClass } from '../ui/classes';

export function DisplayRatesField({ stored }: { stored: string }) {
  const rates = parseDisplayRates(stored);
  return (
    <div className="grid gap-3">
      <p id="display-rates-hint" className="text-sm text-ink-muted">
        Rupees per unit of each currency, up to {RATE_DECIMALS} decimals; leave a currency empty not
        to show it. Buyers see the approximate amount beside rupees; a rate older than 60 days is no
        longer shown.
      </p>
      {DISPLAY_CURRENCIES.map((currency) => {
        const rate = rates.find((each) => each.currency === currency);
        const id = `display-rate-${currency}`;
        return (
          <div
            key={currency}
            className="grid grid-cols-[4rem_minmax(0,10rem)_1fr] items-center gap-3"
          >
            <label htmlFor={id} className="font-medium">
              {currency}
            </label>
            <input
              id={id}
              name={displayRateField(currency)}
              inputMode="decimal"
              defaultValue={rate ? formatRate(rate.rate) : ''}
              aria-describedby={rate ? `${id}-set display-rates-hint` : 'display-rates-hint'}
              className={inputClass}
            />
            {rate ? (
              <span id={`${id}-set`} className="text-sm text-ink-muted">
                set on {formatLongDate(rate.setOn)}
              </span>
            ) : (
              <span />
            )}
          </div>
        );
      })}
    </div>
  );
}
