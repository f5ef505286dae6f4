import { describe, expect, it } from 'vitest';
import { forCrossing } from '../../../../worker/http/crossing.ts';
import { apiErrorFor } from '../../../../worker/http/errors.ts';

describe('errors crossing the worker boundary', () => {
  it('carries the HTTP status in the name', () => {
    expect(forCrossing(apiErrorFor(403, '{"message":"not yours"}')).name).toBe('ApiError:403');
  });

  it("names Dexie's wrapped quota error QuotaExceededError, so the UI shows the quota alert", () => {
    const inner = new DOMException('full', 'QuotaExceededError');
    const dexie = Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner });
    expect(forCrossing(dexie).name).toBe('QuotaExceededError');
  });
});
