/**
 * issue 32 "Prices in the buyer's currency, beside rupees": the display currencies' rates, as the
 * owner sets them at /admin/settings, and the approximate amounts derived from them. Rupees stay
 * the only binding currency; these amounts are shown beside them and never charged.
 */
import { formText } from './form-text';

/** Placeholder until the display-currency work lands: the stored text, at most 2000 characters. */
export const displayCurrenciesSettingSchema = formText().trim().max(2000);
