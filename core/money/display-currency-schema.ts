/**
 * docs/requirements.md §21: the schemas of the display currencies (core/money/display-currency.ts holds the rest, free
 * of zod for the public pages): the setting, and the header's and footer's currency picker.
 */
import { z } from 'zod';
import { formText, visibleText } from '../forms/form-text';
import { DISPLAY_CURRENCIES, rateLineProblem, RUPEES } from './display-currency';

/** Seven lines of `USD 83.50 2026-11-27` fit many times over. */
export const DISPLAY_CURRENCIES_MAX = 500;

/**
 * The setting as stored and as the API sends it: one `CODE rate [date]` line a currency, empty
 * for none. The date is the server's to write (stampDisplayRates), so a posted one is ignored.
 */
export const displayCurrenciesSettingSchema = visibleText()
  .overwrite((value) => value.replace(/\r\n?/g, '\n'))
  .trim()
  .max(
    DISPLAY_CURRENCIES_MAX,
    `The display currencies can be at most ${DISPLAY_CURRENCIES_MAX} characters`,
  )
  .superRefine((value, context) => {
    const seen = new Set<string>();
    for (const line of value.split('\n')) {
      if (line.trim() === '') continue;
      const problem = rateLineProblem(line);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return;
      }
      const currency = line.trim().split(/\s+/)[0]!;
      if (seen.has(currency)) {
        context.addIssue({ code: 'custom', message: `Please give ${currency} one rate only` });
        return;
      }
      seen.add(currency);
    }
  });

/** The picker's form: a currency, and the page to return to. */
export const currencyChoiceSchema = z.object({
  currency: z.enum([RUPEES, ...DISPLAY_CURRENCIES], { error: 'Please choose a currency' }),
  returnTo: formText().max(2000).optional(),
});
