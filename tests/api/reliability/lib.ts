import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { call } from '../../helpers/http.ts';

/** Small shared tools of the reliability tests: a seeded PRNG, a JSON client, queries of table 48. */

/** The seeded PRNG (domain/prng.ts), so a failing run can be repeated with its seed. */
export { mulberry32 as rng } from '../../../domain/prng.ts';

/** A random element of `xs`. */
export function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)] as T;
}

/** The tests' one HTTP client (tests/helpers/http.ts). */
export { call, type Answer } from '../../helpers/http.ts';

/** A feature of table 48 as the API answers it. */
export interface F {
  id: number;
  geometry?: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown>;
}

/** Slovenia in EPSG:3857, for extenttables. */
export const SLOVENIA = [...lonLatToMercator(13.3, 45.3), ...lonLatToMercator(16.7, 47)].join(',');

/** A valid new sighting of table 48. */
export function sighting(extra: Record<string, unknown> = {}): {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: number[] };
  properties: Record<string, unknown>;
} {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: lonLatToMercator(14.8, 46.1) },
    properties: { 980: 1105, 1053: '2025-06-20T19:00:00Z', ...extra },
  };
}

/** Every record of table 48 the caller created (search with equalsUserEmail). */
export async function ownRecords(base: string, token: string): Promise<F[]> {
  const r = await call(base, '/api/Features/35/search', {
    token,
    body: {
      tableId: 48,
      perPage: 1000,
      filters: [{ type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [] }],
    },
  });
  if (r.status !== 200) throw new Error(`search ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.features as F[];
}

/** Table 48 in extenttables for the caller. */
export async function extentFeatures(base: string, token?: string): Promise<F[]> {
  const r = await call(base, `/api/Features/35/extenttables?extent=${SLOVENIA}&tableIds=48`, { token });
  if (r.status !== 200) throw new Error(`extenttables ${r.status}`);
  return (r.body.features['48'] ?? []) as F[];
}

/** Runs `tasks` with at most `n` at a time. */
export async function pool<T>(n: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (;;) {
        const i = next++;
        if (i >= tasks.length) return;
        out[i] = await (tasks[i] as () => Promise<T>)();
      }
    }),
  );
  return out;
}
