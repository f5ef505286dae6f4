import type { MapData, MapSighting, SceneSighting } from '../port/mapPort.ts';

/**
 * The scene's sightings with their properties from the data core: the batch the scene draws
 * carries none (at 1M finds they were most of a batch's cost), so a click or a link asks for the
 * finds it hit. A find the data core no longer has is left out; when the data core cannot answer,
 * none are given (the click's place still is: a form picking its location needs only that).
 */
export async function withProperties(data: MapData, hits: SceneSighting[]): Promise<MapSighting[]> {
  if (!hits.length) return [];
  const properties = await data.properties(hits.map((h) => h.id)).catch((e: unknown) => {
    console.error('The finds under the click could not be read', e);
    return [];
  });
  const out: MapSighting[] = [];
  hits.forEach((h, i) => {
    const p = properties[i];
    if (p) out.push({ ...h, properties: p });
  });
  return out;
}
