import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.SESSION_IDLE_SECONDS).toBe(240);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.IN_PROCESS_WORKER).toBe(true);
  });

  it('reads TRUST_PROXY as a count of hops or proxy addresses, never as trust in every sender', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    // The old boolean: one load balancer in front.
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,lb.example.org' })).toThrow(
      /TRUST_PROXY: .*not 10\.0\.0\.0\/33, lb\.example\.org/,
    );
  });

  it('makes cookies Secure in production unless SESSION_COOKIE_SECURE is false', () => {
    expect(loadConfig({}).secureCookies).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).secureCookies).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'false' }).secureCookies).toBe(false);
    expect(loadConfig({ SESSION_COOKIE_SECURE: 'true' }).secureCookies).toBe(true);
  });

  it('seeds demo data only when asked, and migrates at start except in production (issue 45)', () => {
    expect(loadConfig({}).DEMO_SEED).toBe(false);
    expect(loadConfig({ DEMO_SEED: 'true' }).DEMO_SEED).toBe(true);
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).migrateOnStart).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });

  it('names every bad setting in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT:.*\n.*DATABASE_URL: DATABASE_URL must start with postgres:\/\//s,
    );
  });

  it('needs the smtp fax settings only with FAX_TRANSPORT=smtp, and names each missing one', () => {
    expect(loadConfig({}).FAX_TRANSPORT).toBe('outbox');
    expect(() => loadConfig({ FAX_TRANSPORT: 'smtp', FAX_SMTP_FROM: 'quill@example.org' })).toThrow(
      /FAX_SMTP_URL: required when FAX_TRANSPORT is smtp\n.*FAX_SMTP_DOMAIN: required/s,
    );
    const c = loadConfig({
      FAX_TRANSPORT: 'smtp',
      FAX_SMTP_URL: 'smtp://mail.example.org:587',
      FAX_SMTP_FROM: 'quill@example.org',
      FAX_SMTP_DOMAIN: 'fax.example.org',
    });
    expect(c.FAX_SMTP_DOMAIN).toBe('fax.example.org');
    expect(() => loadConfig({ FAX_TRANSPORT: 'fax-machine' })).toThrow(/FAX_TRANSPORT/);
    expect(() => loadConfig({ FAX_SMTP_URL: 'http://mail' })).toThrow(/FAX_SMTP_URL must start with smtp/);
  });

  it('chooses the speech recognizer: pocketsphinx by default, http only with ASR_URL, or none', () => {
    const c = loadConfig({});
    expect([c.ASR_ENGINE, c.ASR_MODEL, c.ASR_TIMEOUT_SECONDS, c.ASR_URL]).toEqual([
      'pocketsphinx',
      'whisper-1',
      600,
      undefined,
    ]);
    expect(() => loadConfig({ ASR_ENGINE: 'http' })).toThrow(/ASR_URL: required when ASR_ENGINE is http/);
    expect(loadConfig({ ASR_ENGINE: 'http', ASR_URL: 'http://127.0.0.1:9000' }).ASR_URL).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ ASR_ENGINE: 'vosk' })).toThrow(/ASR_ENGINE/);
    expect(() => loadConfig({ ASR_URL: 'not a url' })).toThrow(/ASR_URL/);
    expect(() => loadConfig({ ASR_TIMEOUT_SECONDS: '0' })).toThrow(/ASR_TIMEOUT_SECONDS/);
  });

  it('takes a signing certificate file only with its password', () => {
    expect(loadConfig({}).SIGNING_P12_FILE).toBeUndefined();
    expect(() => loadConfig({ SIGNING_P12_FILE: '/etc/quill/facility.p12' })).toThrow(
      /SIGNING_P12_PASSWORD: required when SIGNING_P12_FILE is set/,
    );
    const c = loadConfig({ SIGNING_P12_FILE: '/etc/quill/facility.p12', SIGNING_P12_PASSWORD: 'pw' });
    expect([c.SIGNING_P12_FILE, c.SIGNING_P12_PASSWORD]).toEqual(['/etc/quill/facility.p12', 'pw']);
  });

  it('reads booleans and numbers from strings', () => {
    const c = loadConfig({ IN_PROCESS_WORKER: 'false', PORT: '9090', DEMO_JOBS: '100' });
    expect(c.IN_PROCESS_WORKER).toBe(false);
    expect(c.PORT).toBe(9090);
    expect(c.DEMO_JOBS).toBe(100);
  });
});
