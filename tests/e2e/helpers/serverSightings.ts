/** The e2e tests' API reads and writes of sightings (table 48), through the tests' one HTTP client. */
import { call, type Answer } from '../../helpers/http.ts';

/** A sighting as the server's extent-tables route gives it: its id, point and properties by column id. */
export interface ServerSighting {
  id: number;
  geometry: { coordinates: number[] };
  properties: Record<string, unknown>;
}

/** The sightings (table 48) the server gives `token`'s user (a visitor without one) in the whole of Slovenia. */
export async function serverSightings(serverUrl: string, token?: string): Promise<ServerSighting[]> {
  const path = '/api/Features/35/extenttables?extent=1440000,5660000,1850000,5920000&tableIds=48';
  const r = await call(serverUrl, path, { token });
  return (r.body as { features: Record<string, ServerSighting[]> }).features['48']!;
}

/** One sighting (`detailed`: with its attachments and history) as `token`'s user or a visitor sees it. */
export function getSighting(
  serverUrl: string,
  id: number,
  opts: { token?: string; detailed?: boolean } = {},
): Promise<Answer> {
  return call(serverUrl, `/api/Features/35/48/${id}${opts.detailed ? '/detailed' : ''}`, { token: opts.token });
}

/** A new sighting: its point (EPSG:3857) and its properties by column id. */
export interface NewSighting {
  coordinates: number[];
  properties: Record<number, unknown>;
}

/**
 * Creates a sighting as `token`'s user: with `full`, as the app sends a find (multipart
 * POST …/48/full, overwrite), else as JSON (POST …/48). The answer holds the status and the id.
 */
export function createSighting(
  serverUrl: string,
  token: string,
  s: NewSighting,
  opts: { full?: boolean } = {},
): Promise<Answer> {
  const feature = {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: s.coordinates },
    properties: s.properties,
  };
  if (!opts.full) return call(serverUrl, '/api/Features/35/48', { token, body: feature });
  const form = new FormData();
  form.append('feature', JSON.stringify({ ...feature, overwrite: true }));
  return call(serverUrl, '/api/Features/35/48/full', { token, form });
}
