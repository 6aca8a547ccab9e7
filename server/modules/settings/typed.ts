/**
 * The settings a page computes with (numbers, switches, the synonym groups), parsed once per
 * request from the text `shop_settings` stores (docs/design.md §3: a route never decides). Pages
 * receive them as `settings` in the request's context, beside `site`, the text they show; the API
 * and the worker parse them here too. Each value is checked by its field's schema in
 * core/admin/settings.ts; one it refuses (neither writer lets one in) is the default's.
 */
import { siteDefaults, type SiteSettings } from '../../../content/site';
import { parseSynonymGroups } from '../../../core/search/search-synonyms';
import { settingFieldSchemas } from '../../../core/admin/settings';

export interface TypedSettings {
  /** ADVANCE_PERCENT: the share of an offer's total asked for on acceptance, 0–100 (§21). */
  advancePercent: number;
  /** UPI_PAYMENT_LIMIT in paise: above it, bank transfer only (§21). */
  upiLimitMinor: number;
  /** OFFER_VALIDITY_DAYS: the composer's default validity, counted from the shop's today (§10). */
  offerValidityDays: number;
  /** DEFAULT_GST_RATE in percent: the composer's default (§10). */
  defaultGstRate: number;
  /** DAILY_DIGEST: whether the 09:00 digest goes out (§12). */
  dailyDigest: boolean;
  /** SEARCH_SYNONYMS as the search tries them: groups of normalised words (§20). */
  searchSynonymGroups: string[][];
}

type TypedKey =
  | 'advancePercent'
  | 'upiPaymentLimit'
  | 'offerValidityDays'
  | 'defaultGstRate'
  | 'dailyDigest'
  | 'searchSynonyms';

function checked(site: Pick<SiteSettings, TypedKey>, key: TypedKey): string {
  const parsed = settingFieldSchemas[key].safeParse(site[key]);
  return parsed.success ? parsed.data : siteDefaults[key];
}

export function typedSettingsOf(site: Pick<SiteSettings, TypedKey>): TypedSettings {
  return {
    advancePercent: Number(checked(site, 'advancePercent')),
    upiLimitMinor: Number(checked(site, 'upiPaymentLimit')) * 100,
    offerValidityDays: Number(checked(site, 'offerValidityDays')),
    defaultGstRate: Number(checked(site, 'defaultGstRate')),
    dailyDigest: checked(site, 'dailyDigest') === 'on',
    searchSynonymGroups: parseSynonymGroups(checked(site, 'searchSynonyms')),
  };
}
