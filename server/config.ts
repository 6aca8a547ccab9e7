/**
 * Every environment variable the server reads, parsed once at boot. A bad value stops start-up
 * with one line naming the variable (ConfigError).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { siteDefaults, type SiteSettings } from '../content/site';
import {
  editableSettingKeys,
  settingEnvironmentVariables,
  settingFieldSchemas,
  type EditableSettingKey,
} from '../core/admin/settings';
import { rateDateProblem } from '../core/money/display-currency';
import { DEFAULT_SHOP_TIME_ZONE, shopDayOf } from '../core/time/shop-calendar';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

type SettingVariable = (typeof settingEnvironmentVariables)[EditableSettingKey];

/** One optional variable per editable setting, each checked with the form's rule of its key. */
function settingEnvironmentSchema() {
  const variables = {} as Record<SettingVariable, z.ZodType<string | undefined>>;
  for (const key of editableSettingKeys) {
    variables[settingEnvironmentVariables[key]] = optionalText.pipe(
      settingFieldSchemas[key].optional(),
    );
  }
  return variables;
}

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z
    .string()
    .trim()
    .default('pglite:./data/db')
    .refine(
      (value) => /^pglite:/.test(value) || /^postgres(ql)?:\/\/[^\s]+$/.test(value),
      'must be pglite:<directory>, pglite:memory or postgres://user@host:port/database',
    ),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://shop.example' })
    .optional(),
  AUTH_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
  ),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  // docs/requirements.md §12: the settings the owner edits, checked by the settings form's own rules; a value set
  // here wins over the stored one and shows as locked on /admin/settings.
  ...settingEnvironmentSchema(),
  SOCIAL_LABEL: optionalText,
  // Abuse protection: requests per minute per form and client address.
  FORM_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  // Abuse protection of sign-in, sign-up, one-time codes and reset: attempts per minute, counted
  // per client address and per account.
  AUTH_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  // docs/requirements.md §13: mails an hour to one address (the shop's own address is not limited).
  MAIL_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  // docs/requirements.md §11: requests per minute to /api/v1 per API key, account or client address.
  API_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(600),
  // docs/requirements.md §11: the web origins allowed to call /api/v1 from a browser (comma-separated); none by default.
  API_CORS_ORIGINS: z
    .string()
    .trim()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .url({
            protocol: /^https?$/,
            error: 'must be comma-separated origins such as https://app.example',
          })
          .refine(
            (origin) => new URL(origin).origin === origin.replace(/\/$/, ''),
            'must be comma-separated origins such as https://app.example (no path)',
          )
          .transform((origin) => new URL(origin).origin),
      ),
    ),
  SMS_PROVIDER: z
    .enum(['none', 'outbox', 'webhook'], { error: 'must be none, outbox or webhook' })
    .optional(),
  SMS_WEBHOOK_URL: optionalText.pipe(z.url('must be a URL').optional()),
  REDIS_URL: optionalText.pipe(
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalText,
  // docs/decisions/018: how many proxies in front of the shop append to X-Forwarded-For; `true` is
  // one (nginx or Caddy alone), `false` none.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .refine((value) => /^(true|false|\d{1,2})$/.test(value), {
      error: 'must be false, true (one proxy) or the number of proxies in front of the shop',
    })
    .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  // docs/requirements.md §11: webhooks may reach loopback and private addresses; for tests and local tools only.
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://cdn.example' })
      .optional(),
  ),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

/** S3-compatible object storage for uploaded images. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the bucket's objects are read from (a CDN, or the bucket's own address). */
  publicUrl?: string;
  forcePathStyle?: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  databaseUrl: string;
  port: number;
  host: string;
  publicUrl: string;
  authSecret: string;
  logLevel: (typeof logLevels)[number];
  dataDir: string;
  /** Requests per minute per public form and client address. */
  formRateLimit: number;
  /**
   * docs/requirements.md §14: how many reverse proxies in front of the shop to trust (0: none). The client
   * address is the one the outermost of them added to X-Forwarded-For (server/http/client-address).
   */
  trustProxy: number;
  /** docs/requirements.md §11: requests per minute to /api/v1 per key, account or address. */
  apiRateLimit: number;
  /** docs/requirements.md §11: browser origins allowed to call /api/v1 (CORS); empty by default. */
  apiCorsOrigins: string[];
  /** Rate-limit counters in Redis instead of the database. */
  redisUrl: string | undefined;
  /** Attempts per minute on the sign-in endpoints, per client address and per account. */
  authRateLimit: number;
  /** Mails an hour to one recipient other than the shop's own address. */
  mailRateLimit: number;
  /**
   * Where text messages go: nowhere (phone sign-in is off), the outbox, or a webhook that relays
   * them to an SMS gateway.
   */
  sms: { provider: 'none' } | { provider: 'outbox' } | { provider: 'webhook'; url: string };
  /** Unset: mail is written to DATA_DIR/outbox instead of being sent. */
  smtpUrl: string | undefined;
  /**
   * MAIL_FROM as set; unset, each mail is from the shop's name and e-mail in Settings as they are
   * when it is sent (docs/requirements.md §13), an address nodemailer encodes (never a header built by hand).
   */
  mailFrom: string | undefined;
  /** Unset (no S3_BUCKET): uploaded images are written to DATA_DIR/media. */
  s3: S3Settings | undefined;
  /** docs/requirements.md §11: webhooks may be sent to loopback and private addresses (tests, local tools). */
  webhooksAllowPrivate: boolean;
  /**
   * The defaults of content/site.ts with the environment's values over them: what the shop shows
   * before (and without) anything the owner stored. Pages read the effective settings
   * (server/modules/settings `readSiteSettings`); this is for what is fixed at start-up.
   */
  site: SiteSettings;
  /** docs/requirements.md §12: the settings the environment sets, each with its variable's name (locked). */
  siteLockedBy: Partial<Record<EditableSettingKey, SettingVariable>>;
}

function smsSettings(provider: 'none' | 'outbox' | 'webhook', webhookUrl: string | undefined) {
  if (provider !== 'webhook') return { provider };
  if (!webhookUrl) {
    throw new ConfigError(
      'Invalid configuration: SMS_WEBHOOK_URL is required when SMS_PROVIDER is webhook',
    );
  }
  return { provider, url: webhookUrl };
}

function s3Settings(values: z.output<typeof environmentSchema>): S3Settings | undefined {
  if (!values.S3_BUCKET) return undefined;
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  return {
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    endpoint: values.S3_ENDPOINT?.replace(/\/+$/, ''),
    accessKeyId: values.S3_ACCESS_KEY_ID,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
    publicUrl: values.S3_PUBLIC_URL?.replace(/\/+$/, ''),
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
  };
}

/** Reads `.env` from the working directory when there is one; the real environment wins. */
export function loadDotEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Parses the environment; in development a missing AUTH_SECRET is generated once into DATA_DIR.
 * `now` is the clock the rates' dates are checked by.
 */
export function loadConfig(
  environment: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Config {
  // An empty variable (`PORT=` in a .env file or a container spec) means "use the default".
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? 'environment');
      const value = environment[variable];
      return `${variable} ${issue.message}${value === undefined ? '' : ` (got "${value}")`}`;
    });
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`);
  }
  const values = parsed.data;
  if (values.DISPLAY_CURRENCIES !== undefined) {
    // docs/requirements.md §12: a rate dated after today would stay fresh past its 60 days.
    const today = shopDayOf(now, values.SHOP_TIME_ZONE ?? DEFAULT_SHOP_TIME_ZONE);
    const problem = rateDateProblem(values.DISPLAY_CURRENCIES, today);
    if (problem) {
      throw new ConfigError(
        `Invalid configuration: DISPLAY_CURRENCIES ${problem} (got "${environment.DISPLAY_CURRENCIES}")`,
      );
    }
  }
  const isProduction = values.NODE_ENV === 'production';
  const dataDir = path.resolve(values.DATA_DIR);

  let authSecret = values.AUTH_SECRET;
  if (!authSecret) {
    if (isProduction) {
      throw new ConfigError(
        'Invalid configuration: AUTH_SECRET is required in production (openssl rand -hex 32)',
      );
    }
    authSecret = readOrCreateDevelopmentSecret(dataDir);
  }

  return {
    env: values.NODE_ENV,
    isProduction,
    databaseUrl: values.DATABASE_URL,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    authSecret,
    logLevel: values.LOG_LEVEL,
    dataDir,
    formRateLimit: values.FORM_RATE_LIMIT,
    apiRateLimit: values.API_RATE_LIMIT,
    apiCorsOrigins: values.API_CORS_ORIGINS,
    authRateLimit: values.AUTH_RATE_LIMIT,
    mailRateLimit: values.MAIL_RATE_LIMIT,
    redisUrl: values.REDIS_URL,
    sms: smsSettings(
      values.SMS_PROVIDER ?? (isProduction ? 'none' : 'outbox'),
      values.SMS_WEBHOOK_URL,
    ),
    trustProxy: values.TRUST_PROXY,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    s3: s3Settings(values),
    webhooksAllowPrivate: values.WEBHOOKS_ALLOW_PRIVATE,
    ...siteSettingsOf(values),
  };
}

function siteSettingsOf(values: z.output<typeof environmentSchema>) {
  const site: SiteSettings = {
    ...siteDefaults,
    socialLabel: values.SOCIAL_LABEL ?? siteDefaults.socialLabel,
  };
  const siteLockedBy: Config['siteLockedBy'] = {};
  for (const key of editableSettingKeys) {
    const variable = settingEnvironmentVariables[key];
    const value = values[variable];
    if (value === undefined) continue;
    site[key] = value;
    siteLockedBy[key] = variable;
  }
  return { site, siteLockedBy };
}

function readOrCreateDevelopmentSecret(dataDir: string): string {
  const secretFile = path.join(dataDir, 'auth-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
  return secret;
}
