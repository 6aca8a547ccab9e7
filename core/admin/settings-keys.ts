/**
 * docs/requirements.md §12: the site settings the owner edits at /admin/settings, stored one row each in
 * `shop_settings`. `content/site.ts` keeps their defaults; a value set by an environment variable
 * wins over the stored one.
 */
export const editableSettingKeys = [
  'shopName',
  'shopEmail',
  'phone',
  'whatsappNumber',
  'address',
  'businessHours',
  'shopTimeZone',
  'socialUrl',
  'upiId',
  'bankDetails',
  'gstin',
  'defaultGstRate',
  'offerValidityDays',
  'offerTerms',
  'dailyDigest',
  // docs/requirements.md §20: the search's synonym groups, one group a line.
  'searchSynonyms',
  // docs/requirements.md §21: display currencies (rates to the rupee and their dates), the advance, the UPI limit.
  'displayCurrencies',
  'advancePercent',
  'upiPaymentLimit',
  // docs/requirements.md §2 and §19: the footer's social links beside the Instagram one (`socialUrl`,
  // kept under its first name so a stored link stays), the home page's stat tiles and its
  // newsletter line.
  'facebookUrl',
  'youtubeUrl',
  'pinterestUrl',
  'homeStat1Value',
  'homeStat1Label',
  'homeStat2Value',
  'homeStat2Label',
  'homeStat3Value',
  'homeStat3Label',
  'homeStat4Value',
  'homeStat4Label',
  'newsletterLine',
  // docs/decisions/027: the tax invoices' number prefix, and the Letter of Undertaking that lets an
  // export go without IGST.
  'invoicePrefix',
  'lutArn',
  'lutFinancialYear',
] as const;
export type EditableSettingKey = (typeof editableSettingKeys)[number];
