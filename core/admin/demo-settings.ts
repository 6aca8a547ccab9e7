/**
 * docs/requirements.md §19 "The admin says what still needs setting": which of the shop's payment and contact
 * details still show content/site.ts's demo values on offers, and the banner's words for them.
 * Pure: the admin shell's loader hands it the effective settings, the defaults and the settings
 * the environment sets.
 */
import type { EditableSettingKey } from './settings-keys';

/** The details an offer shows, in the order the banner names them (docs/requirements.md §19). */
export const demoCheckedSettings = [
  'upiId',
  'bankDetails',
  'gstin',
  'phone',
  'whatsappNumber',
  'shopEmail',
] as const satisfies readonly EditableSettingKey[];

export type DemoCheckedSetting = (typeof demoCheckedSettings)[number];

const demoSettingNames: Record<DemoCheckedSetting, string> = {
  upiId: 'UPI id',
  bankDetails: 'bank details',
  gstin: 'GSTIN',
  phone: 'phone number',
  whatsappNumber: 'WhatsApp number',
  shopEmail: 'e-mail address',
};

type Values = Record<DemoCheckedSetting, string>;

/**
 * The details whose value is still the default. A detail the environment sets counts as set,
 * even to the default's value (docs/requirements.md §19); one the owner saved counts once it differs.
 */
export function settingsStillDemo(
  site: Values,
  defaults: Values,
  lockedBy: Partial<Record<EditableSettingKey, string>>,
): DemoCheckedSetting[] {
  return demoCheckedSettings.filter((key) => !lockedBy[key] && site[key] === defaults[key]);
}

/** "a", "a and b", "a, b and c". */
function joinedAsEnglish(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * docs/requirements.md §19 "First run": what the shop shows everyone besides the offers' details,
 * in the order the banner names them. A stat tile is the demo's while its figure and its words are
 * both the default's; changing either makes it the owner's.
 */
export const demoShopContent = ['address', 'socialUrl', 'homeStats', 'newsletterLine'] as const;

export type DemoShopContent = (typeof demoShopContent)[number];

const homeStatKeys = [
  ['homeStat1Value', 'homeStat1Label'],
  ['homeStat2Value', 'homeStat2Label'],
  ['homeStat3Value', 'homeStat3Label'],
  ['homeStat4Value', 'homeStat4Label'],
] as const satisfies readonly (readonly [EditableSettingKey, EditableSettingKey])[];

type ShopContentKey =
  'address' | 'socialUrl' | 'newsletterLine' | (typeof homeStatKeys)[number][number];

const demoShopContentNames: Record<DemoShopContent, string> = {
  address: 'postal address',
  socialUrl: 'Instagram link',
  homeStats: 'home page figures',
  newsletterLine: 'newsletter line',
};

/** The shop's content still the default's; as settingsStillDemo, the environment's counts as set. */
export function shopContentStillDemo(
  site: Record<ShopContentKey, string>,
  defaults: Record<ShopContentKey, string>,
  lockedBy: Partial<Record<EditableSettingKey, string>>,
): DemoShopContent[] {
  const isDemo = (key: ShopContentKey) => !lockedBy[key] && site[key] === defaults[key];
  return demoShopContent.filter((item) =>
    item === 'homeStats' ? homeStatKeys.some((tile) => tile.every(isDemo)) : isDemo(item),
  );
}

/**
 * The banner's sentences before its link: "Your offers still show the demo UPI id, GSTIN and phone
 * number. Your shop still shows the demo postal address and home page figures." (then "Set your
 * own in Settings."); null when nothing is left.
 */
export function demoSettingsSentence(
  keys: readonly DemoCheckedSetting[],
  content: readonly DemoShopContent[] = [],
): string | null {
  const sentences = [
    keys.length > 0
      ? `Your offers still show the demo ${joinedAsEnglish(keys.map((key) => demoSettingNames[key]))}.`
      : null,
    content.length > 0
      ? `Your shop still shows the demo ${joinedAsEnglish(content.map((item) => demoShopContentNames[item]))}.`
      : null,
  ].filter((sentence) => sentence !== null);
  return sentences.length > 0 ? sentences.join(' ') : null;
}
