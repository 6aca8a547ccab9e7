/**
 * docs/requirements.md §19: the countries an address can be in, for a shop in India that ships abroad. Stored
 * as ISO 3166-1 alpha-2 codes (spec §9's default "US" is one); shown by their English names. The
 * list is bundled, not read from the browser's Intl data, so the server's page and the browser's
 * agree word for word (a name that differs between ICU versions would break hydration). No zod
 * here: the forms load it with their first paint.
 */

import { regionOfAcceptLanguage } from './accept-language';

// Generated once from Intl.DisplayNames('en', { type: 'region' }) over ISO 3166-1's 249 codes:
// India, United States and Canada first (the shop's buyers), then the rest by name.
const COUNTRY_DATA =
  'INIndia|USUnited States|CACanada|AFAfghanistan|AXÅland Islands|ALAlbania|DZAlgeria|' +
  'ASAmerican Samoa|ADAndorra|AOAngola|AIAnguilla|AQAntarctica|AGAntigua & Barbuda|' +
  'ARArgentina|AMArmenia|AWAruba|AUAustralia|ATAustria|AZAzerbaijan|BSBahamas|BHBahrain|' +
  'BDBangladesh|BBBarbados|BYBelarus|BEBelgium|BZBelize|BJBenin|BMBermuda|BTBhutan|' +
  'BOBolivia|BABosnia & Herzegovina|BWBotswana|BVBouvet Island|BRBrazil|' +
  'IOBritish Indian Ocean Territory|VGBritish Virgin Islands|BNBrunei|BGBulgaria|' +
  'BFBurkina Faso|BIBurundi|KHCambodia|CMCameroon|CVCape Verde|BQCaribbean Netherlands|' +
  'KYCayman Islands|CFCentral African Republic|TDChad|CLChile|CNChina|CXChristmas Island|' +
  'CCCocos (Keeling) Islands|COColombia|KMComoros|CGCongo - Brazzaville|CDCongo - Kinshasa|' +
  'CKCook Islands|CRCosta Rica|CICôte d’Ivoire|HRCroatia|CUCuba|CWCuraçao|CYCyprus|' +
  'CZCzechia|DKDenmark|DJDjibouti|DMDominica|DODominican Republic|ECEcuador|EGEgypt|' +
  'SVEl Salvador|GQEquatorial Guinea|EREritrea|EEEstonia|SZEswatini|ETEthiopia|' +
  'FKFalkland Islands|FOFaroe Islands|FJFiji|FIFinland|FRFrance|GFFrench Guiana|' +
  'PFFrench Polynesia|TFFrench Southern Territories|GAGabon|GMGambia|GEGeorgia|DEGermany|' +
  'GHGhana|GIGibraltar|GRGreece|GLGreenland|GDGrenada|GPGuadeloupe|GUGuam|GTGuatemala|' +
  'GGGuernsey|GNGuinea|GWGuinea-Bissau|GYGuyana|HTHaiti|HMHeard & McDonald Islands|' +
  'HNHonduras|HKHong Kong SAR China|HUHungary|ISIceland|IDIndonesia|IRIran|IQIraq|IEIreland|' +
  'IMIsle of Man|ILIsrael|ITItaly|JMJamaica|JPJapan|JEJersey|JOJordan|KZKazakhstan|KEKenya|' +
  'KIKiribati|KWKuwait|KGKyrgyzstan|LALaos|LVLatvia|LBLebanon|LSLesotho|LRLiberia|LYLibya|' +
  'LILiechtenstein|LTLithuania|LULuxembourg|MOMacao SAR China|MGMadagascar|MWMalawi|' +
  'MYMalaysia|MVMaldives|MLMali|MTMalta|MHMarshall Islands|MQMartinique|MRMauritania|' +
  'MUMauritius|YTMayotte|MXMexico|FMMicronesia|MDMoldova|MCMonaco|MNMongolia|MEMontenegro|' +
  'MSMontserrat|MAMorocco|MZMozambique|MMMyanmar (Burma)|NANamibia|NRNauru|NPNepal|' +
  'NLNetherlands|NCNew Caledonia|NZNew Zealand|NINicaragua|NENiger|NGNigeria|NUNiue|' +
  'NFNorfolk Island|KPNorth Korea|MKNorth Macedonia|MPNorthern Mariana Islands|NONorway|' +
  'OMOman|PKPakistan|PWPalau|PSPalestinian Territories|PAPanama|PGPapua New Guinea|' +
  'PYParaguay|PEPeru|PHPhilippines|PNPitcairn Islands|PLPoland|PTPortugal|PRPuerto Rico|' +
  'QAQatar|RERéunion|RORomania|RURussia|RWRwanda|WSSamoa|SMSan Marino|STSão Tomé & Príncipe|' +
  'SASaudi Arabia|SNSenegal|RSSerbia|SCSeychelles|SLSierra Leone|SGSingapore|SXSint Maarten|' +
  'SKSlovakia|SISlovenia|SBSolomon Islands|SOSomalia|ZASouth Africa|' +
  'GSSouth Georgia & South Sandwich Islands|KRSouth Korea|SSSouth Sudan|ESSpain|LKSri Lanka|' +
  'BLSt. Barthélemy|SHSt. Helena|KNSt. Kitts & Nevis|LCSt. Lucia|MFSt. Martin|' +
  'PMSt. Pierre & Miquelon|VCSt. Vincent & Grenadines|SDSudan|SRSuriname|' +
  'SJSvalbard & Jan Mayen|SESweden|CHSwitzerland|SYSyria|TWTaiwan|TJTajikistan|TZTanzania|' +
  'THThailand|TLTimor-Leste|TGTogo|TKTokelau|TOTonga|TTTrinidad & Tobago|TNTunisia|' +
  'TRTürkiye|TMTurkmenistan|TCTurks & Caicos Islands|TVTuvalu|UMU.S. Outlying Islands|' +
  'VIU.S. Virgin Islands|UGUganda|UAUkraine|AEUnited Arab Emirates|GBUnited Kingdom|' +
  'UYUruguay|UZUzbekistan|VUVanuatu|VAVatican City|VEVenezuela|VNVietnam|WFWallis & Futuna|' +
  'EHWestern Sahara|YEYemen|ZMZambia|ZWZimbabwe';

export interface Country {
  code: string;
  name: string;
}

/** docs/requirements.md §19: the Country select's options, in its order. */
export const countries: readonly Country[] = COUNTRY_DATA.split('|').map((entry) => ({
  code: entry.slice(0, 2),
  name: entry.slice(2),
}));

const nameByCode = new Map(countries.map((country) => [country.code, country.name]));

/** Names a buyer or an integration may write for a country, beyond its code and list name. */
const countryAliases: Record<string, string> = {
  bharat: 'IN',
  usa: 'US',
  'u.s.a.': 'US',
  'u.s.': 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  england: 'GB',
  uae: 'AE',
};

const codeByName = new Map<string, string>([
  ...countries.map((country) => [country.name.toLowerCase(), country.code] as const),
  ...Object.entries(countryAliases),
]);

/**
 * The ISO code of a country as typed or posted: its code in any case ("in"), its name ("India"),
 * or a common alias ("USA"); null when it names none. Addresses saved before the rules of docs/requirements.md §19 hold either
 * form, so every reader goes through this.
 */
export function countryCodeOf(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  if (/^[a-z]{2}$/i.test(trimmed) && nameByCode.has(trimmed.toUpperCase())) {
    return trimmed.toUpperCase();
  }
  return codeByName.get(trimmed.toLowerCase()) ?? null;
}

/** A stored country as the pages show it: "IN" reads "India"; text that names none stays as is. */
export function countryName(stored: string | null | undefined): string {
  const code = countryCodeOf(stored);
  return code ? (nameByCode.get(code) ?? code) : (stored ?? '').trim();
}

// spec §9: the default address country is US
export const SPEC_DEFAULT_COUNTRY = 'US';

/** The shop's own country: an address form's last resort (docs/requirements.md §19). */
export const SHOP_COUNTRY = 'IN';

/**
 * An Indian mobile number: ten digits starting 6 to 9, as Indians write it ("98765 43210"), or
 * any number written with India's country code (+91, 0091, or 91 and ten such digits).
 */
export function isIndianMobile(mobile: string | null | undefined): boolean {
  const compact = (mobile ?? '').replaceAll(/[\s()-]/g, '');
  return (
    /^(\+91|0091)\d{10}$/.test(compact) ||
    /^91[6-9]\d{9}$/.test(compact) ||
    /^[6-9]\d{9}$/.test(compact)
  );
}

/**
 * docs/requirements.md §19: the Country select's first choice. The request speaks first: an
 * Indian mobile or a GSTIN (India's tax number) means India. Then the buyer's saved address, then
 * the region of the browser's `Accept-Language`, and last the shop's own country, India.
 */
export function defaultCountryFor(input: {
  mobile?: string | null;
  gstin?: string | null;
  savedCountry?: string | null;
  acceptLanguage?: string | null;
}): string {
  if (isIndianMobile(input.mobile) || (input.gstin ?? '').trim() !== '') return 'IN';
  const saved = countryCodeOf(input.savedCountry);
  if (saved) return saved;
  const region = countryCodeOf(regionOfAcceptLanguage(input.acceptLanguage));
  if (region) return region;
  return SHOP_COUNTRY;
}

/** How a country writes its postal code: India's PIN, the United States' ZIP, others' postal code. */
export interface PostalCodeRule {
  label: 'PIN code' | 'ZIP code' | 'Postal code';
  /** The digits a form's keyboard should offer. */
  inputMode: 'numeric' | 'text';
  pattern: RegExp | null;
  /** What to write when the code does not match the pattern. */
  message: string | null;
}

const postalCodeRules: Record<string, PostalCodeRule> = {
  // docs/requirements.md §19: "PIN code", 6 digits (India Post's first digit is never 0)
  IN: {
    label: 'PIN code',
    inputMode: 'numeric',
    pattern: /^[1-9]\d{5}$/,
    message: 'Enter the 6-digit PIN code',
  },
  // docs/requirements.md §19: "ZIP code", 5 digits or ZIP+4
  US: {
    label: 'ZIP code',
    inputMode: 'numeric',
    pattern: /^\d{5}(-\d{4})?$/,
    message: 'Enter a 5-digit ZIP code, or ZIP+4 (12345-6789)',
  },
};

const otherPostalCodeRule: PostalCodeRule = {
  label: 'Postal code',
  inputMode: 'text',
  pattern: null,
  message: null,
};

/** docs/requirements.md §19: the postal code's label and check follow the address's country. */
export function postalCodeRuleFor(country: string | null | undefined): PostalCodeRule {
  const code = countryCodeOf(country);
  return (code ? postalCodeRules[code] : undefined) ?? otherPostalCodeRule;
}

/** The problem with a postal code for its country, or null; the schemas in core/ use this. */
export function postalCodeProblem(country: string | null | undefined, postalCode: string) {
  const rule = postalCodeRuleFor(country);
  const value = postalCode.trim();
  if (value === '') return `${rule.label} is required`;
  if (rule.pattern && !rule.pattern.test(value)) return rule.message;
  return null;
}
