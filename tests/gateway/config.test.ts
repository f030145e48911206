import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 4000, mongodbUri: null, libraryTimezone: 'Asia/Dhaka', sessionTtlSeconds: 86400, graphqlIntrospection: true });
    expect(config.firebase).toMatchObject({ projectId: 'demo-bookhaven', emulator: true });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads lists, durations and switches', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,', SESSION_TTL: '90m', GRAPHQL_INTROSPECTION: 'false', CORS_ORIGINS: 'https://a.example' });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    expect(config.sessionTtlSeconds).toBe(5400);
    expect(config.graphqlIntrospection).toBe(false);
    expect(config.corsOrigins).toEqual(['https://a.example']);
  });

  it.each([
    ['PORT', 'eighty', /PORT must be a whole number/],
    ['PORT', '70000', /PORT must be between 0 and 65535/],
    ['SESSION_SECRET', 'too-short', /SESSION_SECRET must be at least 32 bytes/],
    ['SESSION_TTL', 'forever', /SESSION_TTL must be a duration/],
    ['SESSION_TTL', '10s', /SESSION_TTL must be between/],
    ['LIBRARY_TIMEZONE', 'Mars/Olympus', /LIBRARY_TIMEZONE is not a known IANA time zone/],
    ['MONGODB_URI', 'http://localhost', /MONGODB_URI must start with mongodb/],
    ['GRAPHQL_INTROSPECTION', 'maybe', /GRAPHQL_INTROSPECTION must be true or false/],
    ['FIREBASE_AUTH_EMULATOR_HOST', 'localhost', /FIREBASE_AUTH_EMULATOR_HOST must be host:port/],
    ['FIREBASE_PROJECT_ID', 'my-real-project', /FIREBASE_PROJECT_ID needs GOOGLE_APPLICATION_CREDENTIALS/],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('needs the web API key with a real Firebase project', () => {
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'real', GOOGLE_APPLICATION_CREDENTIALS: '/k.json' })).toThrow(/FIREBASE_WEB_API_KEY is required/);
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'real', GOOGLE_APPLICATION_CREDENTIALS: '/k.json', FIREBASE_WEB_API_KEY: 'key' });
    expect(config.firebase).toMatchObject({ projectId: 'real', emulator: false, authDomain: 'real.firebaseapp.com' });
  });
});
