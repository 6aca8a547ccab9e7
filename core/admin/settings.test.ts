import { describe, expect, it } from 'vitest';
import { siteDefaults } from '../../content/site';
import {
  editableSettingKeys,
  lockedSettingMessage,
  settingEnvironmentVariables,
  settingFieldSchemas,
  settingGroups,
  settingHints,
  settingLabels,
  settingsFormSchema,
  settingsTexts,
} from './settings';
import { gstinTexts } from '../tax/gstin';
import { synonymTexts } from '../search/search-synonyms';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

const check = (key: keyof typeof settingFieldSchemas, value: string) =>
  firstMessage(settingFieldSchemas[key].safeParse(value));

describe('the settings form', () => {
  it('accepts every default of content/site.ts as it is', () => {
    const defaults = Object.fromEntries(editableSettingKeys.map((key) => [key, siteDefaults[key]]));
    expect(settingsFormSchema.parse(defaults)).toEqual(defaults);
  });

  it('groups every field once, with a label and the variable that sets it', () => {
    const grouped = settingGroups.flatMap((group) => group.keys);
    expect([...grouped].sort()).toEqual([...editableSettingKeys].sort());
    expect(settingGroups.map((group) => group.title)).toEqual([
      'Shop',
      'Social links',
      'Home page',
      'Contact',
      'Payment',
      'Offers',
      'Invoices',
      'Display currencies',
      'Notifications',
      'Search',
    ]);
    for (const key of editableSettingKeys) expect(settingLabels[key]).toBeTruthy();
    expect(settingEnvironmentVariables.phone).toBe('SHOP_PHONE');
    expect(lockedSettingMessage('gstin')).toBe(
      'GSTIN is set by the environment variable GSTIN and cannot be changed here.',
    );
  });

  it('takes an advance of 0 to 100% and a UPI limit in whole rupees', () => {
    expect(
      settingsFormSchema.parse({ advancePercent: ' 050 ', upiPaymentLimit: '200000' }),
    ).toEqual({
      advancePercent: '50',
      upiPaymentLimit: '200000',
    });
    for (const advancePercent of ['101', '-1', '12.5', 'half', '']) {
      expect(firstMessage(settingsFormSchema.safeParse({ advancePercent }))).toBe(
        settingsTexts.advancePercentInvalid,
      );
    }
    for (const upiPaymentLimit of ['0', '1.5', '50000001', 'lakh']) {
      expect(firstMessage(settingsFormSchema.safeParse({ upiPaymentLimit }))).toBe(
        settingsTexts.upiPaymentLimitInvalid,
      );
    }
  });

  it('leaves out what is not posted (a locked field), and checks what is', () => {
    expect(settingsFormSchema.parse({ phone: ' +91 141 222 3333 ' })).toEqual({
      phone: '+91 141 222 3333',
    });
    expect(firstMessage(settingsFormSchema.safeParse({ shopName: '   ' }))).toBe(
      settingsTexts.shopNameRequired,
    );
  });

  it('takes a WhatsApp number as digits with the country code, for wa.me', () => {
    expect(check('whatsappNumber', '919829000000')).toBeNull();
    expect(check('whatsappNumber', '+91 98290 00000')).toBe(settingsTexts.whatsappInvalid);
    expect(check('whatsappNumber', '12345')).toBe(settingsTexts.whatsappInvalid);
  });

  it('takes the shop time zone as an IANA name', () => {
    expect(check('shopTimeZone', ' America/Toronto ')).toBeNull();
    expect(settingFieldSchemas.shopTimeZone.parse(' Europe/London ')).toBe('Europe/London');
    for (const zone of ['', 'IST', 'Mars/Olympus', '+05:30', 'Asia/Kolkata\nX']) {
      expect(check('shopTimeZone', zone)).toBe(settingsTexts.shopTimeZoneInvalid);
    }
    expect(settingsTexts.shopTimeZoneInvalid).toBe(
      'Please enter a time zone name such as Asia/Kolkata or Europe/London',
    );
  });

  it('takes each social link as an https link, or empty for no button', () => {
    for (const key of ['socialUrl', 'facebookUrl', 'youtubeUrl', 'pinterestUrl'] as const) {
      expect(check(key, 'https://www.instagram.com/kalakriti')).toBeNull();
      expect(settingFieldSchemas[key].parse('  ')).toBe('');
      expect(check(key, 'http://www.instagram.com/')).toBe(settingsTexts.socialUrlInvalid);
      expect(check(key, 'javascript:alert(1)')).toBe(settingsTexts.socialUrlInvalid);
      expect(check(key, `https://example.com/${'a'.repeat(500)}`)).toBe(
        settingsTexts.socialUrlInvalid,
      );
    }
  });

  it('takes a stat tile as a short figure and its words, both required, and a newsletter line or none', () => {
    expect(check('homeStat1Value', '1,000+')).toBeNull();
    expect(check('homeStat1Value', '123456789')).toBe(settingsTexts.homeStatValueTooLong);
    expect(check('homeStat2Value', ' ')).toBe(settingsTexts.homeStatValueRequired);
    expect(check('homeStat3Label', 'l'.repeat(41))).toBe(settingsTexts.homeStatLabelTooLong);
    expect(check('homeStat4Label', '')).toBe(settingsTexts.homeStatLabelRequired);
    expect(check('homeStat4Label', 'Happy\nCustomers')).toBe(settingsTexts.singleLine);
    expect(settingFieldSchemas.newsletterLine.parse(' ')).toBe('');
    expect(check('newsletterLine', 'n'.repeat(201))).toBe(settingsTexts.newsletterLineTooLong);
  });

  it('takes a GSTIN of the 15-character format, upper-cased, or none', () => {
    expect(settingFieldSchemas.gstin.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(settingFieldSchemas.gstin.parse('')).toBe('');
    expect(check('gstin', '27AAPFU0939F1Z')).toBe(settingsTexts.gstinInvalid);
    expect(check('gstin', '27AAPFU0939F1XV')).toBe(settingsTexts.gstinInvalid);
  });

  it('refuses a GSTIN of the right shape whose state code or check character is wrong', () => {
    expect(check('gstin', '99zzzzz9999z9z9')).toBe(gstinTexts.check);
    expect(check('gstin', '27AAPFU0939F1ZW')).toBe(gstinTexts.check);
    expect(check('gstin', '00AAPFU0939F1ZV')).toBe(gstinTexts.state);
    expect(check('gstin', '29AAGCB7383J1Z4')).toBeNull();
  });

  // docs/decisions/027: the invoices' prefix and the Letter of Undertaking
  it('takes an invoice prefix of 1 to 4 capitals or digits, upper-cased', () => {
    expect(settingFieldSchemas.invoicePrefix.parse(' kk ')).toBe('KK');
    expect(settingFieldSchemas.invoicePrefix.parse('AB12')).toBe('AB12');
    for (const refused of ['', 'ABCDE', 'K/K', 'K-1']) {
      expect(check('invoicePrefix', refused), refused).toBe(settingsTexts.invoicePrefixInvalid);
    }
  });

  it('takes an LUT ARN of 15 capitals and digits and its financial year, or neither', () => {
    expect(settingFieldSchemas.lutArn.parse(' ad0804260001234 ')).toBe('AD0804260001234');
    expect(settingFieldSchemas.lutArn.parse('')).toBe('');
    expect(check('lutArn', 'AD08042600012')).toBe(settingsTexts.lutArnInvalid);
    expect(check('lutArn', 'AD080426000123-')).toBe(settingsTexts.lutArnInvalid);
    expect(settingFieldSchemas.lutFinancialYear.parse(' 26-27 ')).toBe('26-27');
    expect(settingFieldSchemas.lutFinancialYear.parse('99-00')).toBe('99-00');
    expect(settingFieldSchemas.lutFinancialYear.parse('')).toBe('');
    for (const refused of ['26-28', '2026-27', '26/27']) {
      expect(check('lutFinancialYear', refused), refused).toBe(
        settingsTexts.lutFinancialYearInvalid,
      );
    }
  });

  it('takes a GST rate from 0 to 28 with at most 2 decimals, stored as the number reads', () => {
    expect(settingFieldSchemas.defaultGstRate.parse('0')).toBe('0');
    expect(settingFieldSchemas.defaultGstRate.parse('28')).toBe('28');
    expect(settingFieldSchemas.defaultGstRate.parse('12.50')).toBe('12.5');
    expect(check('defaultGstRate', '28.01')).toBe(settingsTexts.gstRateInvalid);
    expect(check('defaultGstRate', '12.125')).toBe(settingsTexts.gstRateInvalid);
    expect(check('defaultGstRate', '-1')).toBe(settingsTexts.gstRateInvalid);
    expect(check('defaultGstRate', '')).toBe(settingsTexts.gstRateInvalid);
  });

  it('takes an offer validity of 1 to 90 whole days', () => {
    expect(settingFieldSchemas.offerValidityDays.parse('1')).toBe('1');
    expect(settingFieldSchemas.offerValidityDays.parse('090')).toBe('90');
    expect(check('offerValidityDays', '0')).toBe(settingsTexts.validityInvalid);
    expect(check('offerValidityDays', '91')).toBe(settingsTexts.validityInvalid);
    expect(check('offerValidityDays', '7.5')).toBe(settingsTexts.validityInvalid);
  });

  it('holds each text to its limit, and drops NUL, which PostgreSQL could not store', () => {
    expect(check('address', 'a'.repeat(301))).toBe(settingsTexts.addressTooLong);
    expect(check('bankDetails', 'b'.repeat(501))).toBe(settingsTexts.bankDetailsTooLong);
    expect(check('offerTerms', 't'.repeat(2001))).toBe(settingsTexts.offerTermsTooLong);
    expect(settingFieldSchemas.offerTerms.parse('')).toBe('');
    expect(settingFieldSchemas.shopName.parse('Kala\u0000kriti')).toBe('Kalakriti');
  });

  // docs/requirements.md §10: "Kalakriti\r\nBcc: …" would end a mail header early.
  it('refuses a line break or another control character in every one-line setting', () => {
    const oneLine = [
      'shopName',
      'shopEmail',
      'phone',
      'whatsappNumber',
      'businessHours',
      'socialUrl',
      'upiId',
      'gstin',
      'defaultGstRate',
      'offerValidityDays',
    ] as const;
    for (const key of oneLine) {
      for (const breaker of ['\r\n', '\n', '\r', '\u0085', '\u2028', '\u001b', '\t']) {
        const value = `${siteDefaults[key]}${breaker}Bcc: victim@example.com`;
        expect([key, JSON.stringify(breaker), check(key, value)]).not.toEqual([
          key,
          JSON.stringify(breaker),
          null,
        ]);
      }
    }
    expect(check('shopName', 'Kalakriti\r\nBcc: victim@example.com')).toBe(
      settingsTexts.singleLine,
    );
    expect(check('socialUrl', 'https://instagram.com/\nkalakriti')).toBe(settingsTexts.singleLine);
    // The texts of several lines keep their line breaks, and refuse the other control characters.
    for (const key of ['address', 'bankDetails', 'offerTerms', 'searchSynonyms'] as const) {
      expect(check(key, 'First line\r\nSecond line\tand a tab')).toBeNull();
      expect(check(key, 'Bell\u0007 and escape\u001b')).toBe(settingsTexts.controlCharacters);
    }
  });

  it('checks the phone, e-mail and UPI id', () => {
    expect(check('phone', '+91 (141) 222-3333')).toBeNull();
    expect(check('phone', 'call me')).toBe(settingsTexts.phoneInvalid);
    expect(check('shopEmail', 'owner@shop')).toBe(settingsTexts.shopEmailInvalid);
    expect(check('upiId', 'kalakriti@okaxis')).toBeNull();
    expect(check('upiId', 'kalakriti')).toBe(settingsTexts.upiIdInvalid);
  });

  it('takes the search synonyms as groups of words, one a line, or none', () => {
    expect(settingLabels.searchSynonyms).toBe('Search synonyms');
    expect(settingHints.searchSynonyms).toBe(
      'One group a line, words separated by commas. A search that finds nothing tries every word of its group.',
    );
    expect(settingEnvironmentVariables.searchSynonyms).toBe('SEARCH_SYNONYMS');
    expect(settingFieldSchemas.searchSynonyms.parse('')).toBe('');
    // A textarea's CRLF is stored as LF: the defaults saved as they are stay the defaults.
    expect(settingFieldSchemas.searchSynonyms.parse(' urli, uruli\r\nbuddha, budha \n')).toBe(
      'urli, uruli\nbuddha, budha',
    );
    expect(
      settingFieldSchemas.searchSynonyms.parse(
        siteDefaults.searchSynonyms.replaceAll('\n', '\r\n'),
      ),
    ).toBe(siteDefaults.searchSynonyms);
    expect(check('searchSynonyms', `urli, uruli\n${'s'.repeat(1990)}`)).toBe(
      settingsTexts.searchSynonymsTooLong,
    );
    expect(check('searchSynonyms', `urli, ${'u'.repeat(41)}`)).toBe(
      `${synonymTexts.wordTooLong}: “${'u'.repeat(41)}”`,
    );
    const groups = Array.from({ length: 101 }, (_, at) => `a${at}, b${at}`).join('\n');
    expect(check('searchSynonyms', groups)).toBe(synonymTexts.settingTooManyGroups);
  });

  it('switches the daily digest on or off, nothing else', () => {
    expect(check('dailyDigest', 'off')).toBeNull();
    expect(check('dailyDigest', 'yes')).toBe(settingsTexts.dailyDigestInvalid);
  });
});
