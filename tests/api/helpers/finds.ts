import { expect } from 'vitest';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { call } from '../../helpers/http.ts';

/** Creates a find (species 1105 of table 48) at `lonLat` as the holder of `token`; returns its id. */
export async function createFind(baseUrl: string, token: string, [lon, lat]: [number, number]): Promise<number> {
  const created = await call(baseUrl, '/api/Features/35/48', {
    token,
    body: {
      type: 'Feature',
      overwrite: true,
      geometry: { type: 'Point', coordinates: lonLatToMercator(lon, lat) },
      properties: { 980: 1105 },
    },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}
