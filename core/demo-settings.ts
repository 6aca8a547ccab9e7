/**
 * issue 30 "The admin says what still needs setting": which of the shop's payment and contact
 * details still show content/site.ts's demo values on offers, and the banner's words for them.
 * Pure: the admin shell's loader hands it the effective settings, the defaults and the settings
 * the environment sets.
 */
import type { EditableSettingKey } from './settings-keys';

/** The details an offer shows, in the order the banner names them (issue 30). */
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
 * even to the default's value (issue 30); one the owner saved counts once it differs.
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
 * The banner's sentence before its link: "Your offers still show the demo UPI id, GSTIN and phone
 * number." (then "Set your own in Settings."); null when nothing is left.
 */
export function demoSettingsSentence(keys: readonly DemoCheckedSetting[]): string | null {
  if (keys.length === 0) return null;
  return `Your offers still show the demo ${joinedAsEnglish(keys.map((key) => demoSettingNames[key]))}.`;
}
