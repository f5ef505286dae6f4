import { describe, expect, it } from 'vitest';
import { loadConfig, LOG_LEVELS, parseTrustProxy } from '../../../server/config.ts';

describe('TRUST_PROXY', () => {
  it('trusts no one by default', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes addresses and CIDRs, IPv4 and IPv6', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses hop counts, names and bad masks', () => {
    for (const bad of ['1', 'true', 'balancer.local', '10.0.0.0/33', '10.0.0.1/8/8', '::1/129'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('pool and drain settings', () => {
  it('have defaults and read the environment', () => {
    const d = loadConfig({});
    expect(d.database).toEqual({
      max: 10,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 15000,
      idleInTransactionTimeoutMs: 30000,
    });
    expect(d.drain).toEqual({ graceMs: 5000, timeoutMs: 30000 });
    const c = loadConfig({
      DATABASE_POOL_MAX: '4',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      DRAIN_GRACE_MS: '0',
      DRAIN_TIMEOUT_MS: '9000',
    });
    expect(c.database).toMatchObject({ max: 4, statementTimeoutMs: 2000 });
    expect(c.drain).toEqual({ graceMs: 0, timeoutMs: 9000 });
  });

  it('refuses what is not a whole number', () => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DRAIN_GRACE_MS: '1.5' })).toThrow(/DRAIN_GRACE_MS/);
  });
});

/** The log and metrics settings of server/config.ts. */
describe('LOG_LEVEL and METRICS_TOKEN', () => {
  it('logs at info by default, takes every pino level and silent, and refuses anything else', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: '' }).logLevel).toBe('info');
    for (const level of LOG_LEVELS) expect(loadConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    expect(loadConfig({ LOG_LEVEL: ' WARN ' }).logLevel).toBe('warn');
    for (const bad of ['verbose', '1', 'off'])
      expect(() => loadConfig({ LOG_LEVEL: bad }), bad).toThrow(/LOG_LEVEL must be one of/);
  });

  it('leaves /metrics open without METRICS_TOKEN (also when empty), behind it when set', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 's3cret' }).metricsToken).toBe('s3cret');
  });
});
