/**
 * docs/requirements.md §10, §12, §20, §21: the settings pages compute with, parsed once from their stored
 * text by their fields' schemas: the advance, the UPI limit, the offer's validity and GST rate,
 * the digest switch and the search synonyms.
 */
import { describe, expect, it } from 'vitest';
import { siteDefaults } from '../../../content/site';
import { typedSettingsOf } from './typed';

/** A fresh shop's values (docs/requirements.md §10, §21): payment in full, UPI to ₹1,00,000, 14 days, GST 12%. */
const freshShop = {
  advancePercent: 100,
  upiLimitMinor: 100_000_00,
  offerValidityDays: 14,
  defaultGstRate: 12,
  dailyDigest: true,
};

describe('the typed settings', () => {
  it('are the defaults of a fresh shop', () => {
    const settings = typedSettingsOf(siteDefaults);
    expect(settings).toMatchObject(freshShop);
    expect(settings.searchSynonymGroups).toContainEqual(expect.arrayContaining(['pooja', 'puja']));
  });

  it("are the owner's values, read as the settings form stores them", () => {
    expect(
      typedSettingsOf({
        advancePercent: '50',
        upiPaymentLimit: '200000',
        offerValidityDays: '30',
        defaultGstRate: '12.50',
        dailyDigest: 'off',
        searchSynonyms: 'diya, lamp',
      }),
    ).toEqual({
      advancePercent: 50,
      upiLimitMinor: 200_000_00,
      offerValidityDays: 30,
      defaultGstRate: 12.5,
      dailyDigest: false,
      searchSynonymGroups: [['diya', 'lamp']],
    });
  });

  it('fall back to the default for a value the schema refuses, never to NaN', () => {
    const settings = typedSettingsOf({
      ...siteDefaults,
      advancePercent: 'half',
      upiPaymentLimit: '0',
      offerValidityDays: '365',
      defaultGstRate: '-1',
      dailyDigest: 'sometimes',
    });
    expect(settings).toMatchObject(freshShop);
  });
});
