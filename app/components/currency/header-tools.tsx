/**
 * The header's deferred section (docs/decisions/020): the search in the header's row, and docs/decisions/026's
 * currency picker in a bar above the header (the row has no room left at laptop widths). One
 * module, so the picker adds no code to any page's first load.
 */
import { HeaderSearch } from '../search/header-search';
import { CurrencyPicker } from './currency-picker';

/** The search; with `bar`, the currency picker's bar (a short prop: the root's code is in every page). */
export function HeaderTools({ bar }: { bar?: boolean }) {
  return bar ? <CurrencyPicker place="header" /> : <HeaderSearch />;
}
