import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../worker/http/errors.ts';
import { holdsSent, staleRecord } from '../../../../worker/sync/stale.ts';
import type { Feature } from '../../../../domain/model.ts';

const current: Feature = {
  type: 'Feature',
  id: 10000042,
  geometry: { type: 'Point', coordinates: [1614200.25, 5780100.5] },
  properties: { 782: 3, 1053: '2025-07-01T00:00:00.000Z', 785: 'bukov gozd', 974: 5 },
};
const answer412 = (body: unknown) => new ApiError('Generic Error: 412', 412, 'Generic Error', JSON.stringify(body));

describe('staleRecord', () => {
  it("reads the server's current record and version from a 412 answer", () => {
    const r = staleRecord(
      answer412({ status: 412, error: 'Precondition Failed', message: 'changed', current, version: 4 }),
    );
    expect(r).toEqual({ ...current, version: 4 });
  });

  it('is null for any other error or a 412 without a record', () => {
    expect(
      staleRecord(new ApiError('Forbidden', 403, 'Forbidden', JSON.stringify({ current, version: 4 }))),
    ).toBeNull();
    expect(staleRecord(answer412({ status: 412, message: 'x' }))).toBeNull();
    expect(staleRecord(answer412('not json'))).toBeNull();
    expect(staleRecord(new Error('boom'))).toBeNull();
  });
});

describe('holdsSent', () => {
  it("a server record that already has everything sent is the update's own earlier attempt", () => {
    expect(
      holdsSent(
        current,
        { 782: '3', 1053: '2025-07-01', 785: 'bukov gozd' },
        { type: 'Point', coordinates: [1614200.25, 5780100.5] },
      ),
    ).toBe(true);
    expect(holdsSent(current, { 782: 3 }, null)).toBe(true);
  });

  it('any field or the place differing is a real conflict', () => {
    expect(holdsSent(current, { 782: 4 }, null)).toBe(false);
    expect(holdsSent(current, { 1053: '2025-07-02' }, null)).toBe(false);
    expect(holdsSent(current, { 780: 'ob cesti' }, null)).toBe(false);
    expect(holdsSent(current, { 782: 3 }, { type: 'Point', coordinates: [1614201, 5780100.5] })).toBe(false);
  });
});

describe('tokenExpired (the service worker skips an expired token)', () => {
  const jwt = (payload: object) =>
    `h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
  it('reads exp from the token', async () => {
    const { tokenExpired } = await import('../../../../worker/sync/background.ts');
    expect(tokenExpired(jwt({ exp: 1000 }), 1_000_001)).toBe(true);
    expect(tokenExpired(jwt({ exp: 2000 }), 1_000_001)).toBe(false);
    expect(tokenExpired('not-a-jwt', 0)).toBe(false);
  });
});
