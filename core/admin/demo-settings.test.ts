import { describe, expect, it } from 'vitest';
import { siteDefaults } from '../../content/site';
import {
  demoCheckedSettings,
  demoSettingsSentence,
  settingsStillDemo,
  shopContentStillDemo,
  type DemoCheckedSetting,
  type DemoShopContent,
} from './demo-settings';

const defaults = siteDefaults;

describe('settingsStillDemo', () => {
  it.each<{
    case: string;
    site: Partial<Record<DemoCheckedSetting, string>>;
    lockedBy?: Partial<Record<DemoCheckedSetting, string>>;
    left: DemoCheckedSetting[];
  }>([
    { case: 'a new shop', site: {}, left: [...demoCheckedSettings] },
    {
      case: 'the UPI id saved',
      site: { upiId: 'devika@okhdfc' },
      left: ['bankDetails', 'gstin', 'phone', 'whatsappNumber', 'shopEmail'],
    },
    {
      case: 'the UPI id and GSTIN saved',
      site: { upiId: 'devika@okhdfc', gstin: '27AAPFU0939F1ZV' },
      left: ['bankDetails', 'phone', 'whatsappNumber', 'shopEmail'],
    },
    {
      case: 'the GSTIN left empty on purpose',
      site: { gstin: '' },
      left: ['upiId', 'bankDetails', 'phone', 'whatsappNumber', 'shopEmail'],
    },
    {
      case: 'the GSTIN set by the environment to the default value',
      site: {},
      lockedBy: { gstin: 'GSTIN' },
      left: ['upiId', 'bankDetails', 'phone', 'whatsappNumber', 'shopEmail'],
    },
    {
      case: 'the e-mail and phone set by the environment',
      site: { shopEmail: 'orders@shop.in', phone: '+91 141 222 3333' },
      lockedBy: { shopEmail: 'SHOP_EMAIL', phone: 'SHOP_PHONE' },
      left: ['upiId', 'bankDetails', 'gstin', 'whatsappNumber'],
    },
    {
      case: 'everything set',
      site: {
        upiId: 'devika@okhdfc',
        bankDetails: 'Devika Crafts · A/c 123456789012 · IFSC HDFC0001234',
        gstin: '27AAPFU0939F1ZV',
        phone: '+91 141 222 3333',
        whatsappNumber: '911412223333',
        shopEmail: 'orders@shop.in',
      },
      left: [],
    },
  ])('$case', ({ site, lockedBy = {}, left }) => {
    expect(settingsStillDemo({ ...defaults, ...site }, defaults, lockedBy)).toEqual(left);
  });
});

describe('demoSettingsSentence', () => {
  it.each<[DemoCheckedSetting[], string | null]>([
    [[], null],
    [['upiId'], 'Your offers still show the demo UPI id.'],
    [['upiId', 'gstin'], 'Your offers still show the demo UPI id and GSTIN.'],
    [
      ['upiId', 'gstin', 'phone'],
      'Your offers still show the demo UPI id, GSTIN and phone number.',
    ],
    [
      [...demoCheckedSettings],
      'Your offers still show the demo UPI id, bank details, GSTIN, phone number, WhatsApp number and e-mail address.',
    ],
  ])('%j', (keys, sentence) => {
    expect(demoSettingsSentence(keys)).toBe(sentence);
  });
});

describe('shopContentStillDemo', () => {
  const allContent: DemoShopContent[] = ['address', 'socialUrl', 'homeStats', 'newsletterLine'];
  it.each<{
    case: string;
    site: Partial<Record<keyof typeof defaults, string>>;
    lockedBy?: Partial<Record<DemoCheckedSetting | 'address', string>>;
    left: DemoShopContent[];
  }>([
    { case: 'a new shop', site: {}, left: allContent },
    {
      case: 'the address saved',
      site: { address: '12 Hawa Mahal Road, Jaipur 302002' },
      left: ['socialUrl', 'homeStats', 'newsletterLine'],
    },
    {
      case: 'the Instagram link emptied, and only a Facebook link',
      site: { socialUrl: '', facebookUrl: 'https://www.facebook.com/kalakriti' },
      left: ['address', 'homeStats', 'newsletterLine'],
    },
    {
      case: 'three tiles changed, the fourth as it was',
      site: { homeStat1Value: '30+', homeStat2Label: 'Years carving', homeStat3Value: '200+' },
      left: allContent,
    },
    {
      case: 'every tile changed in its figure or its words',
      site: {
        homeStat1Value: '30+',
        homeStat2Label: 'Years carving',
        homeStat3Value: '200+',
        homeStat4Label: 'Made by hand',
      },
      left: ['address', 'socialUrl', 'newsletterLine'],
    },
    {
      case: 'the newsletter line emptied',
      site: { newsletterLine: '' },
      left: ['address', 'socialUrl', 'homeStats'],
    },
    {
      case: 'the address set by the environment to the default value',
      site: {},
      lockedBy: { address: 'SHOP_ADDRESS' },
      left: ['socialUrl', 'homeStats', 'newsletterLine'],
    },
  ])('$case', ({ site, lockedBy = {}, left }) => {
    expect(shopContentStillDemo({ ...defaults, ...site }, defaults, lockedBy)).toEqual(left);
  });
});

describe('demoSettingsSentence with the shop’s content', () => {
  it.each<[DemoCheckedSetting[], DemoShopContent[], string | null]>([
    [[], [], null],
    [[], ['address'], 'Your shop still shows the demo postal address.'],
    [
      ['upiId'],
      ['address', 'socialUrl', 'homeStats', 'newsletterLine'],
      'Your offers still show the demo UPI id. Your shop still shows the demo postal address, Instagram link, home page figures and newsletter line.',
    ],
    [['gstin'], [], 'Your offers still show the demo GSTIN.'],
  ])('%j %j', (keys, content, sentence) => {
    expect(demoSettingsSentence(keys, content)).toBe(sentence);
  });
});
