/** An API suite run by seeded users: their server around the suite, calls as any of them, and their new finds. */
import { afterAll, beforeAll, expect } from 'vitest';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { call as request, type Answer } from '../../helpers/http.ts';
import type { TestServer } from './server.ts';
import { startSignedInByName } from './signedIn.ts';

/** What signedInSuite gives a test file. */
export interface SignedInSuite<N extends string> {
  /** The server (once the suite has started). */
  readonly server: TestServer;
  /** The users' access tokens by name. */
  readonly token: Record<N, string>;
  /** A request as `who` (null: anonymous) with a JSON body, or a multipart one for FormData. */
  call(who: N | null, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /**
   * A new find of `who` in the sightings (table 48 of project 35): `species` at the WGS84 point,
   * on 2025-06-01, one individual, with `extra` properties; its id (201 expected).
   */
  report(who: N, species: number, at: [number, number], extra?: Record<string, unknown>): Promise<number>;
}

/**
 * Starts a server with the seeded users `names` (startSignedInByName) before the file's tests
 * and stops it after them.
 */
export function signedInSuite<N extends string>(...names: N[]): SignedInSuite<N> {
  let server: TestServer | null = null;
  let token = {} as Record<N, string>;
  beforeAll(async () => {
    ({ server, token } = await startSignedInByName(...names));
  }, 120_000);
  afterAll(() => server?.stop());
  const suite: SignedInSuite<N> = {
    get server() {
      if (!server) throw new Error('the suite has not started');
      return server;
    },
    get token() {
      return token;
    },
    call: (who, method, path, body, headers = {}) =>
      request(suite.server.url, path, {
        method,
        token: who ? token[who] : null,
        headers,
        ...(body instanceof FormData ? { form: body } : { body }),
      }),
    async report(who, species, [lon, lat], extra = {}) {
      const r = await suite.call(who, 'POST', '/api/Features/35/48', {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: lonLatToMercator(lon, lat) },
        properties: { 980: species, 1053: '2025-06-01', 782: 1, ...extra },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    },
  };
  return suite;
}
