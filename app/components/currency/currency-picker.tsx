/**
 * docs/requirements.md §21: the currency picker of the header and the footer, "₹ INR" by default. A plain form
 * that posts to /currency and comes back to this page: it works without JavaScript, and it is a
 * deferred section (app/root.tsx), so its code is not in any page's first load (kept out of
 * components/layout/, which vite.config.ts ships in every page's shell chunk).
 */
import { useId } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../../root';

/**
 * The root's choices (INR and the currencies with a fresh rate); nothing at all while no rate is
 * fresh, so the shop is unchanged until the owner sets one.
 */
export function CurrencyPicker({ place }: { place: 'header' | 'footer' }) {
  const id = useId();
  const location = useLocation();
  const picker = useRouteLoaderData<typeof rootLoader>('root')?.currency;
  if (!picker) return null;
  const dark = place === 'footer';
  const form = (
    <form
      method="post"
      action="/currency"
      aria-label={place === 'header' ? 'Currency' : 'Currency (footer)'}
      className={place === 'header' ? 'flex items-center gap-1' : 'mt-6 flex items-center gap-1'}
    >
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <label htmlFor={id} className="sr-only">
        Currency
      </label>
      <select
        id={id}
        name="currency"
        defaultValue={picker.current}
        className={
          dark
            ? 'min-h-11 rounded-lg border border-stone/60 bg-ink px-2 text-sm text-white'
            : 'min-h-11 rounded-lg border border-stone bg-white px-2 text-sm'
        }
      >
        {picker.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className={
          dark
            ? 'min-h-11 rounded-full px-3 text-sm font-medium text-white ring-1 ring-stone/60 hover:bg-white/10'
            : 'min-h-11 rounded-full px-3 text-sm font-medium ring-1 ring-stone hover:bg-sand'
        }
      >
        Set<span className="sr-only"> currency</span>
      </button>
    </form>
  );
  if (dark) return form;
  // Above the header, right-aligned: the header's row is full at laptop widths.
  return (
    <div className="border-b border-stone/70 bg-sand/60">
      <div className="mx-auto flex max-w-6xl justify-end px-4 py-1">{form}</div>
    </div>
  );
}
