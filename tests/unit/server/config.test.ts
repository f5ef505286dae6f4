import { describe, expect, it } from 'vitest';
import { loadConfig, LOG_LEVELS } from '../../../server/config.ts';

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
