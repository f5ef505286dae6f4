import { describe, expect, it } from 'vitest';
import { apiErrorFor, parseRetryAfter } from '../../../../worker/http/errors.ts';

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });

  it('travels with the error of the response', () => {
    expect(apiErrorFor(429, '{"message":"Too many changes"}', 12_000).retryAfterMs).toBe(12_000);
    expect(apiErrorFor(503, '').retryAfterMs).toBeNull();
  });
});
