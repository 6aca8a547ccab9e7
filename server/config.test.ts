import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secret = 'x'.repeat(32);

function configError(environment: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({ AUTH_SECRET: secret });
    expect(config.databaseUrl).toBe('pglite:./data/db');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.logLevel).toBe('info');
    expect(config.site.tagline).toBe('Connecting Cultures, One Craft at a Time.');
  });

  // docs/requirements.md §13: mails an hour to one address, 5 unless configured.
  it('limits the mail to one address to MAIL_RATE_LIMIT an hour, 5 by default', () => {
    expect(loadConfig({ AUTH_SECRET: secret }).mailRateLimit).toBe(5);
    expect(loadConfig({ AUTH_SECRET: secret, MAIL_RATE_LIMIT: '20' }).mailRateLimit).toBe(20);
    expect(configError({ AUTH_SECRET: secret, MAIL_RATE_LIMIT: '0' }).message).toContain(
      'MAIL_RATE_LIMIT must be at least 1',
    );
  });

  // docs/requirements.md §11: webhooks reach public addresses only, unless this is set for tests and local tools.
  it('keeps webhooks off private addresses unless WEBHOOKS_ALLOW_PRIVATE is true', () => {
    expect(loadConfig({ AUTH_SECRET: secret }).webhooksAllowPrivate).toBe(false);
    expect(
      loadConfig({ AUTH_SECRET: secret, WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate,
    ).toBe(true);
    expect(configError({ AUTH_SECRET: secret, WEBHOOKS_ALLOW_PRIVATE: 'yes' }).message).toContain(
      'WEBHOOKS_ALLOW_PRIVATE must be true or false',
    );
  });

  it('names a bad PORT in one line', () => {
    const error = configError({ AUTH_SECRET: secret, PORT: 'eighty' });
    expect(error.message).toMatch(/^Invalid configuration: PORT /);
    expect(error.message).toContain('"eighty"');
    expect(error.message).not.toContain('\n');
    expect(configError({ AUTH_SECRET: secret, PORT: '70000' }).message).toContain('PORT');
  });

  it('names a bad DATABASE_URL in one line', () => {
    const error = configError({ AUTH_SECRET: secret, DATABASE_URL: 'mysql://localhost/shop' });
    expect(error.message).toMatch(/^Invalid configuration: DATABASE_URL /);
    expect(error.message).not.toContain('\n');
  });

  it('names every bad variable at once', () => {
    const error = configError({ AUTH_SECRET: secret, PORT: '-1', LOG_LEVEL: 'loud' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('LOG_LEVEL');
  });

  it('requires AUTH_SECRET in production', () => {
    const error = configError({ NODE_ENV: 'production' });
    expect(error.message).toContain('AUTH_SECRET');
    expect(configError({ NODE_ENV: 'production', AUTH_SECRET: 'short' }).message).toContain(
      'AUTH_SECRET',
    );
  });

  it('generates a development AUTH_SECRET once and keeps it in the data directory', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret).toHaveLength(64);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
  });

  it('lets the environment override site settings', () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      SHOP_NAME: 'Marble House',
      SOCIAL_URL: 'https://example.com/shop',
    });
    expect(config.site.shopName).toBe('Marble House');
    expect(config.site.socialUrl).toBe('https://example.com/shop');
    expect(configError({ AUTH_SECRET: secret, WHATSAPP_NUMBER: '+91 98' }).message).toContain(
      'WHATSAPP_NUMBER',
    );
  });

  it('says which settings the environment sets, and checks them with the settings form’s rules', () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      SHOP_PHONE: '+91 141 222 3333',
      BUSINESS_HOURS: 'Daily 10-7',
      DAILY_DIGEST: 'off',
      GSTIN: '',
    });
    expect(config.siteLockedBy).toEqual({
      phone: 'SHOP_PHONE',
      businessHours: 'BUSINESS_HOURS',
      dailyDigest: 'DAILY_DIGEST',
    });
    expect(config.site.phone).toBe('+91 141 222 3333');
    expect(config.site.businessHours).toBe('Daily 10-7');
    expect(config.site.dailyDigest).toBe('off');
    // An empty variable means "not set": the default stays and the owner may edit it.
    expect(config.site.gstin).toBe('08AAAAA0000A1Z2');
    expect(loadConfig({ AUTH_SECRET: secret }).siteLockedBy).toEqual({});
    for (const [variable, value] of [
      ['DAILY_DIGEST', 'maybe'],
      ['GSTIN', '08AAAAA0000'],
      ['DEFAULT_GST_RATE', '29'],
      ['OFFER_VALIDITY_DAYS', '91'],
      ['SOCIAL_URL', 'http://example.com/shop'],
    ]) {
      expect(configError({ AUTH_SECRET: secret, [variable as string]: value }).message).toContain(
        `${variable} `,
      );
    }
  });

  it('refuses display rates dated on an impossible day or after today in the shop’s calendar', () => {
    // 20:00 UTC on 24 November is already the 25th in Asia/Kolkata, the default zone.
    const now = new Date('2026-11-24T20:00:00Z');
    const ratesOn = (day: string, zone?: string) =>
      loadConfig(
        {
          AUTH_SECRET: secret,
          DISPLAY_CURRENCIES: `USD 83.50 ${day}`,
          ...(zone ? { SHOP_TIME_ZONE: zone } : {}),
        },
        now,
      );
    expect(ratesOn('2026-11-25').site.displayCurrencies).toBe('USD 83.50 2026-11-25');
    expect(() => ratesOn('2026-11-25', 'America/Toronto')).toThrow(
      'DISPLAY_CURRENCIES Please give the USD rate a date no later than today (2026-11-24): 2026-11-25 is still to come (got "USD 83.50 2026-11-25")',
    );
    expect(() => ratesOn('2099-01-01')).toThrow('2099-01-01 is still to come');
    expect(() => ratesOn('2026-13-45')).toThrow(
      'DISPLAY_CURRENCIES Please give the USD rate a real date: 2026-13-45 is not a day of the calendar',
    );
  });

  it('stores uploads locally unless S3_BUCKET is set, and names a bad S3_ENDPOINT', () => {
    expect(loadConfig({ AUTH_SECRET: secret }).s3).toBeUndefined();
    expect(
      loadConfig({
        AUTH_SECRET: secret,
        S3_BUCKET: 'shop-media',
        S3_ENDPOINT: 'https://s3.example.com/',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toMatchObject({
      bucket: 'shop-media',
      region: 'us-east-1',
      endpoint: 'https://s3.example.com',
      forcePathStyle: true,
    });
    const error = configError({
      AUTH_SECRET: secret,
      S3_BUCKET: 'shop-media',
      S3_ENDPOINT: 's3.example.com',
    });
    expect(error.message).toMatch(/^Invalid configuration: S3_ENDPOINT /);
    expect(error.message).not.toContain('\n');
  });
});
