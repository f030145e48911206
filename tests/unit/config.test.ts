import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, SECRET_VARIABLES, loadConfig, loadPolicy } from '../../server/config.ts';
import { createFirebaseVerifier } from '../../server/auth/firebase.ts';
import { mailBanner } from '../../server/mail/smtp-mailer.ts';
import { smsBanner } from '../../server/sms/smpp-sender.ts';

const credentials = path.join(mkdtempSync(path.join(tmpdir(), 'bookhaven-config-')), 'service-account.json');
writeFileSync(credentials, '{}');
const REAL_PROJECT = {
  FIREBASE_PROJECT_ID: 'real-project',
  GOOGLE_APPLICATION_CREDENTIALS: credentials,
  FIREBASE_WEB_API_KEY: 'key',
};

/** A bad value for every variable loadConfig reads, and what the message says. */
const BAD_VALUES: [string, string, RegExp][] = [
  ['HOST', 'local host', /HOST must be a host name or an IP address/],
  ['PORT', 'eighty', /PORT must be a whole number, got "eighty"/],
  ['PORT', '70000', /PORT must be between 0 and 65535/],
  ['PUBLIC_URL', 'library.example.org', /PUBLIC_URL must be an http\(s\) URL/],
  ['NODE_ENV', 'prod', /NODE_ENV must be one of development, production, test/],
  ['LOG_LEVEL', 'verbose', /LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"/],
  ['TRUST_PROXY', 'sometimes', /TRUST_PROXY must be one of true, false/],
  ['MONGODB_URI', 'http://localhost', /MONGODB_URI must start with mongodb/],
  ['MONGODB_DB', 'book.haven', /MONGODB_DB must be a MongoDB database name/],
  ['REDIS_URL', 'localhost:6379', /REDIS_URL must be a Redis URL such as redis:\/\/redis:6379/],
  ['REDIS_URL', 'redis://cache/db', /REDIS_URL must be a Redis URL/],
  ['LIBRARY_TIMEZONE', 'Mars/Olympus', /LIBRARY_TIMEZONE is not a known IANA time zone/],
  ['SESSION_SECRET', 'too-short', /SESSION_SECRET must be at least 32 bytes/],
  ['SESSION_TTL', 'forever', /SESSION_TTL must be a duration/],
  ['SESSION_TTL', '10s', /SESSION_TTL must be between/],
  [
    'ADMIN_EMAILS',
    'ada@example.com, bob',
    /ADMIN_EMAILS must be a comma-separated list of e-mail addresses, got "bob"/,
  ],
  ['CORS_ORIGINS', 'https://a.example/app', /CORS_ORIGINS must be a comma-separated list of origins/],
  ['RATE_LIMIT_PER_MINUTE', '0', /RATE_LIMIT_PER_MINUTE must be between 1 and 1000000/],
  ['SIGN_IN_FAILURES_PER_MINUTE', 'ten', /SIGN_IN_FAILURES_PER_MINUTE must be a whole number/],
  ['SIGN_INS_PER_MINUTE', '-1', /SIGN_INS_PER_MINUTE must be/],
  ['HEADERS_TIMEOUT_MS', '5', /HEADERS_TIMEOUT_MS must be between 100 and 3600000/],
  ['REQUEST_TIMEOUT_MS', '1.5', /REQUEST_TIMEOUT_MS must be a whole number/],
  ['IDLE_TIMEOUT_MS', '99999999', /IDLE_TIMEOUT_MS must be between 100 and 3600000/],
  ['KEEP_ALIVE_TIMEOUT_MS', 'soon', /KEEP_ALIVE_TIMEOUT_MS must be a whole number/],
  ['GRAPHQL_INTROSPECTION', 'maybe', /GRAPHQL_INTROSPECTION must be one of true, false/],
  ['METRICS_TOKEN', 'short', /METRICS_TOKEN must be at least 32 visible characters/],
  ['METRICS_TOKEN', `${'a'.repeat(20)} ${'b'.repeat(20)}`, /METRICS_TOKEN must be at least 32 visible characters/],
  ['SMTP_URL', 'mail.example.org:587', /SMTP_URL must be an SMTP server URL such as smtp:\/\/user:password@/],
  [
    'SMTP_URL',
    'smtp://ada:hunter2@mail example.org',
    /SMTP_URL must be an SMTP server URL.*\(its value is not shown: it may hold a secret\)$/,
  ],
  ['MAIL_FROM', 'BookHaven', /MAIL_FROM must be an e-mail address, alone or as Name <address>/],
  ['SMPP_HOST', 'smpp://sms.example.org', /SMPP_HOST must be a host name or address/],
  ['SMPP_PORT', '70000', /SMPP_PORT must be between 0 and 65535/],
  ['SMPP_SYSTEM_ID', 'a-system-id-too-long', /SMPP_SYSTEM_ID must be 1 to 15 visible characters/],
  ['SMPP_PASSWORD', 'too-long-pw', /SMPP_PASSWORD must be 1 to 8 visible characters.*\(its value is not shown/],
  ['SMPP_SOURCE', 'BookHaven Library', /SMPP_SOURCE must be an alphanumeric sender of up to 11/],
  ['SMS_MAX_PARTS', '0', /SMS_MAX_PARTS must be between 1 and 10/],
  ['SHUTDOWN_DRAIN_MS', '-1', /SHUTDOWN_DRAIN_MS must be between 0 and 120000/],
  ['SHUTDOWN_DRAIN_MS', 'soon', /SHUTDOWN_DRAIN_MS must be a whole number/],
  ['LOAN_LIMIT', '0', /LOAN_LIMIT must be between 1 and 1000, got "0"/],
  ['LOAN_DAYS', 'two weeks', /LOAN_DAYS must be a whole number/],
  ['LOAN_DAYS', '366', /LOAN_DAYS must be between 1 and 365/],
  ['RENEWAL_DAYS', '0', /RENEWAL_DAYS must be between 1 and 365/],
  ['MAX_RENEWALS', '-1', /MAX_RENEWALS must be between 0 and 100/],
  ['LATE_FEE_PER_DAY', '12.5', /LATE_FEE_PER_DAY must be a whole number/],
  ['LOST_PROCESSING_FEE', '-5', /LOST_PROCESSING_FEE must be between 0 and 1000000/],
  ['DEFAULT_REPLACEMENT_COST', 'free', /DEFAULT_REPLACEMENT_COST must be a whole number/],
  ['HOLD_LIMIT', '0', /HOLD_LIMIT must be between 1 and 1000/],
  ['SUGGESTION_LIMIT', '0', /SUGGESTION_LIMIT must be between 1 and 1000/],
  ['HOLD_PICKUP_DAYS', 'soon', /HOLD_PICKUP_DAYS must be a whole number/],
  ['HOLD_PAUSE_MAX_DAYS', '400', /HOLD_PAUSE_MAX_DAYS must be between 1 and 365/],
  ['ANONYMIZE_AFTER_DAYS', '0', /ANONYMIZE_AFTER_DAYS must be between 1 and 365/],
  ['DUE_SOON_DAYS', '-1', /DUE_SOON_DAYS must be between 0 and 365, got "-1"/],
  ['CATALOGUE_EDITORS', 'admins', /CATALOGUE_EDITORS must be one of members, staff, got "admins"/],
  ['RETURNS', 'librarian', /RETURNS must be one of self, desk, got "librarian"/],
  ['BORROWING', 'later', /BORROWING must be one of collect, instant, got "later"/],
  ['FEE_DAYS', 'weekdays', /FEE_DAYS must be one of open, calendar, got "weekdays"/],
  ['GRACE_DAYS', '-1', /GRACE_DAYS/],
  ['FEE_CAP', 'half', /FEE_CAP must be one of replacement, none, got "half"/],
  ['OVERDUE_BLOCKS_BORROWING', 'sometimes', /OVERDUE_BLOCKS_BORROWING/],
  ['PROVISIONAL_CLOSURES_COUNT', 'maybe', /PROVISIONAL_CLOSURES_COUNT/],
  ['MAX_CLOSED_DAYS', '6', /MAX_CLOSED_DAYS/],
  ['AUTO_RENEW', 'sometimes', /AUTO_RENEW/],
  ['AUTO_RENEW_AT', '6am', /AUTO_RENEW_AT/],
  ['AUTO_RENEW_AT', '24:00', /AUTO_RENEW_AT/],
  ['FIREBASE_PROJECT_ID', 'my-real-project', /FIREBASE_PROJECT_ID needs GOOGLE_APPLICATION_CREDENTIALS/],
  ['FIREBASE_PROJECT_ID', 'Has Spaces', /FIREBASE_PROJECT_ID must be a Firebase project id/],
  ['GOOGLE_APPLICATION_CREDENTIALS', '/no/such/key.json', /GOOGLE_APPLICATION_CREDENTIALS names no file/],
  ['FIREBASE_AUTH_EMULATOR_HOST', 'localhost', /FIREBASE_AUTH_EMULATOR_HOST must be host:port/],
  ['FIREBASE_WEB_API_KEY', 'key with spaces', /FIREBASE_WEB_API_KEY must be a Firebase web API key/],
  ['FIREBASE_AUTH_DOMAIN', 'https://x.example', /FIREBASE_AUTH_DOMAIN must be a host name/],
  ['FIREBASE_APP_ID', 'app id', /FIREBASE_APP_ID must be a Firebase app id/],
  ['AUTH_EMULATOR_PORT', 'x', /AUTH_EMULATOR_PORT must be a whole number/],
  ['EMULATOR_HUB_PORT', '65536', /EMULATOR_HUB_PORT must be between 0 and 65535/],
  ['EMULATOR_LOGGING_PORT', '1e9', /EMULATOR_LOGGING_PORT must be between 0 and 65535/],
];
/** Variables every value of which is acceptable here: a path (DATA_DIR) is only tried when the store opens. */
const FREE_FORM = ['DATA_DIR'];

describe('configuration', () => {
  it('e-mails notices only with SMTP_URL, and the banner says where without the password', () => {
    const off = loadConfig({});
    expect(off.mail).toEqual({ smtpUrl: null, from: 'BookHaven <no-reply@localhost>' });
    expect(mailBanner(off.mail)).toBe('off (SMTP_URL is not set)');
    const on = loadConfig({ SMTP_URL: 'smtp://desk:s3cret@mail.example.org:587', MAIL_FROM: 'desk@example.org' });
    expect(on.mail).toEqual({ smtpUrl: 'smtp://desk:s3cret@mail.example.org:587', from: 'desk@example.org' });
    expect(mailBanner(on.mail)).toBe('on, through smtp://desk:***@mail.example.org:587 from desk@example.org');
    expect(mailBanner(loadConfig({ SMTP_URL: 'smtps://mail.example.org' }).mail)).toMatch(
      /^on, through smtps:\/\/mail/,
    );
  });

  it('sends notices by SMS only with SMPP_HOST and its account, and the banner says where without the password', () => {
    expect(loadConfig({}).sms).toBeNull();
    expect(smsBanner(loadConfig({}).sms)).toBe('off (SMPP_HOST is not set)');
    expect(() => loadConfig({ SMPP_HOST: 'smpp.example.org' })).toThrow(/SMPP_SYSTEM_ID is required with SMPP_HOST/);
    expect(() => loadConfig({ SMPP_HOST: 'smpp.example.org', SMPP_SYSTEM_ID: 'lib' })).toThrow(
      /SMPP_PASSWORD is required with SMPP_HOST/,
    );
    const on = loadConfig({ SMPP_HOST: 'smpp.example.org', SMPP_SYSTEM_ID: 'lib', SMPP_PASSWORD: 's3cret' });
    expect(on.sms).toEqual({
      host: 'smpp.example.org',
      port: 2775,
      systemId: 'lib',
      password: 's3cret',
      source: 'BookHaven',
      maxParts: 3,
    });
    expect(smsBanner(on.sms)).toBe('on, through SMPP lib@smpp.example.org:2775');
  });

  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 4000,
      publicUrl: null,
      mongodbUri: null,
      libraryTimezone: 'Asia/Dhaka',
      sessionTtlSeconds: 86400,
      graphqlIntrospection: true,
      logLevel: 'info',
    });
    expect(config.firebase).toMatchObject({ projectId: 'demo-bookhaven', emulator: true });
    expect(config.limits).toEqual({ writesPerMinute: 120, failedSignInsPerMinute: 10, signInsPerMinute: 60 });
    expect(config.timeouts).toEqual({ headersMs: 10_000, requestMs: 30_000, idleMs: 30_000, keepAliveMs: 5_000 });
    // No /metrics unless a token is configured; a shutdown closes at once unless asked to drain.
    expect(config.metricsToken).toBeNull();
    // Without Redis each gateway counts its own rate limits.
    expect(config.redisUrl).toBeNull();
    expect(config.shutdownDrainMs).toBe(0);
    // The policy printed on the About page.
    expect(config.policy).toEqual({
      loanLimit: 5,
      loanDays: 14,
      renewalDays: 7,
      maxRenewals: 1,
      lateFeePerDay: 50,
      lostProcessingFee: 100,
      defaultReplacementCost: 500,
      catalogueEditors: 'members',
      // No staff configured: the original app's rule, every editor may change copies and costs.
      inventoryEditors: 'members',
      holdLimit: 5,
      suggestionLimit: 10,
      holdPickupDays: 3,
      // A paused hold resumes within three months.
      holdPauseMaxDays: 90,
      dueSoonDays: 3,
      // A returned loan keeps its member for a month (issue 42).
      anonymizeAfterDays: 30,
      // No staff: a self-service library, as the specification has it (returns and borrows in the app).
      returns: 'self',
      borrowing: 'instant',
      // Late fees count the days the library opens, from the first day late, up to the book's replacement cost.
      feeDays: 'open',
      graceDays: 0,
      feeCap: 'replacement',
      overdueBlocksBorrowing: true,
      // A due day is put on the next open day within a year, or refused.
      maxClosedDays: 366,
      // A proposed moon-dated holiday moves no date until staff confirm it.
      provisionalClosuresCount: false,
      // Loans are renewed by hand unless the library turns auto-renewal on.
      autoRenew: false,
      autoRenewAt: '06:00',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads lists, durations, switches and URLs, and treats empty values as unset', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,',
      SESSION_TTL: '90m',
      GRAPHQL_INTROSPECTION: 'off',
      CORS_ORIGINS: 'https://a.example',
      PUBLIC_URL: 'https://library.example.org/',
      PORT: '',
      LOG_LEVEL: ' ',
    });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    // With staff configured, copies owned and replacement costs are theirs to change.
    expect(config.policy.inventoryEditors).toBe('staff');
    // A staffed library: returns at the desk and click and collect unless set otherwise (decision 075).
    expect(config.policy).toMatchObject({ returns: 'desk', borrowing: 'collect' });
    expect(config.sessionTtlSeconds).toBe(5400);
    expect(config.graphqlIntrospection).toBe(false);
    expect(config.corsOrigins).toEqual(['https://a.example']);
    expect(config.publicUrl).toBe('https://library.example.org');
    expect(config.port).toBe(4000);
    expect(config.logLevel).toBe('info');
  });

  it('keeps a staffed library lending from the app when RETURNS and BORROWING say so', () => {
    const staffed = { ADMIN_EMAILS: 'ada@example.com' };
    expect(loadConfig({ ...staffed, RETURNS: 'self', BORROWING: 'instant' }).policy).toMatchObject({
      returns: 'self',
      borrowing: 'instant',
    });
    expect(loadConfig({ RETURNS: 'desk', BORROWING: 'collect' }).policy).toMatchObject({
      returns: 'desk',
      borrowing: 'collect',
    });
  });

  it.each(BAD_VALUES)('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reads the metrics token and the shutdown drain', () => {
    const token = 'm'.repeat(16) + '-_.~!'.repeat(4);
    expect(loadConfig({ METRICS_TOKEN: ` ${token} `, SHUTDOWN_DRAIN_MS: '5000' })).toMatchObject({
      metricsToken: token,
      shutdownDrainMs: 5000,
    });
  });

  it('lists every variable in .env.example and in the configuration table of docs/configuration.md', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const example = readFileSync(path.join(root, '.env.example'), 'utf8');
    const doc = readFileSync(path.join(root, 'docs', 'configuration.md'), 'utf8');
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`^${name}=`, 'm').test(example))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !rows.some((row) => row.includes(`\`${name}\``)))).toEqual([]);
  });

  it('reads the policy alone for the seed, checked as at boot, whatever else the environment holds', () => {
    const env = { MONGODB_URI: 'mongodb://db/', LOAN_LIMIT: '3', LOAN_DAYS: '21', DUE_SOON_DAYS: '0' };
    expect(loadPolicy(env)).toMatchObject({ loanLimit: 3, loanDays: 21, dueSoonDays: 0, lateFeePerDay: 50 });
    expect(() => loadPolicy({ LOAN_DAYS: '0' })).toThrow(/LOAN_DAYS must be between 1 and 365, got "0"/);
  });

  it('tries a bad value for every variable it reads', () => {
    const tried = new Set(BAD_VALUES.map(([name]) => name));
    expect(CONFIG_VARIABLES.filter((name) => !tried.has(name) && !FREE_FORM.includes(name))).toEqual([]);
  });

  it('names a secret-like variable with a bad value and never prints the value', () => {
    // Every variable named like a credential is on the list, so a new one cannot slip past it.
    const secretLike = CONFIG_VARIABLES.filter((name) => /TOKEN|SECRET|KEY|PASSWORD|_URI$|_URL$/.test(name));
    expect([...SECRET_VARIABLES].sort()).toEqual(secretLike.filter((name) => name !== 'PUBLIC_URL').sort());
    const marker = 'hunter2Zq';
    const bad: Record<string, string[]> = {
      SESSION_SECRET: [marker],
      METRICS_TOKEN: [`${marker}-too-short`, `${marker.repeat(4)} with spaces`],
      MONGODB_URI: [`mongo://root:${marker}@db:27017/`, `root:${marker}@db`],
      REDIS_URL: [`redis://default:${marker}@cache:6379/x`, `redis//default:${marker}@cache`],
      SMTP_URL: [
        `smtp://ada:${marker}@mail example.org`,
        `smtp//ada:${marker}@mail.example.org`,
        `smtp://ada:${marker}@[x`,
      ],
      FIREBASE_WEB_API_KEY: [`AIza${marker} with spaces`],
      SMPP_PASSWORD: [`${marker}-long`, `${marker} x`],
    };
    for (const [name, values] of Object.entries(bad)) {
      for (const value of values) {
        let message = '';
        try {
          loadConfig({ [name]: value });
        } catch (error) {
          message = (error as Error).message;
        }
        expect(message, `${name}=${value}`).toMatch(new RegExp(`^Invalid configuration: ${name} `));
        expect(message, `${name}=${value}`).not.toContain(marker);
      }
    }
  });

  it('refuses MongoDB without SESSION_SECRET, since a generated one would live in one gateway only', () => {
    const mongo = { MONGODB_URI: 'mongodb://127.0.0.1:27017/' };
    expect(() => loadConfig(mongo)).toThrow(ConfigError);
    expect(() => loadConfig(mongo)).toThrow(
      /SESSION_SECRET is required with MONGODB_URI: every gateway on the same database must sign sessions with the same secret/,
    );
    expect(() => loadConfig({ ...mongo, SESSION_SECRET: '  ' })).toThrow(/SESSION_SECRET is required with MONGODB_URI/);
    expect(loadConfig({ ...mongo, SESSION_SECRET: 'x'.repeat(32) })).toMatchObject({
      mongodbUri: mongo.MONGODB_URI,
      sessionSecret: 'x'.repeat(32),
    });
    // The embedded store is one gateway by construction: generating a secret there stays the default.
    expect(loadConfig({}).sessionSecret).toBeNull();
  });

  it('needs the web API key with a real Firebase project', () => {
    expect(() => loadConfig({ ...REAL_PROJECT, FIREBASE_WEB_API_KEY: '' })).toThrow(/FIREBASE_WEB_API_KEY is required/);
    const config = loadConfig(REAL_PROJECT);
    expect(config.firebase).toMatchObject({
      projectId: 'real-project',
      emulator: false,
      authDomain: 'real-project.firebaseapp.com',
    });
  });

  it('refuses a real Firebase project with FIREBASE_AUTH_EMULATOR_HOST still set, naming both', () => {
    const contradictory = { ...REAL_PROJECT, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(() => loadConfig(contradictory)).toThrow(ConfigError);
    expect(() => loadConfig(contradictory)).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST must not be set with a real Firebase project \(FIREBASE_PROJECT_ID and GOOGLE_APPLICATION_CREDENTIALS\)/,
    );
  });
});

describe('Firebase verifier for a real project', () => {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(() => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  });

  it('refuses to start while the environment would put firebase-admin in emulator mode', () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
    expect(() => createFirebaseVerifier({ projectId: 'real-project', emulatorHost: null })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST is set in the environment/,
    );
  });
});
