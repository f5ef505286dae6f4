import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { duplicatesAmong } from '../../../../worker/records/duplicates.ts';

/** A find on the device: rogač by ana at [x, y] (EPSG:3857, ~46° N) on 10 July 2025. */
function find(id: number, p: Record<string, unknown> = {}, x = 1_600_000, y = 5_800_000): Feature {
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [x, y] },
    properties: { 980: 1105, 1053: '2025-07-10T00:00:00.000Z', 1820: 'ana@example.si', ...p },
  } as Feature;
}

describe('duplicatesAmong: the offline answer to the form', () => {
  const check = { species: 1105, coord: [1_600_050, 5_800_000] as [number, number], date: '2025-07-10' };
  const features = [
    find(3),
    find(1, {}, 1_600_100, 5_800_020),
    find(2, { 1820: 'bor@example.si' }),
    find(4, { 980: 3401 }),
    find(5, { 1053: '2025-07-11' }),
    find(6, {}, 1_600_400, 5_800_000),
  ];
  it("lists only the user's own finds of the species within 100 m on the same day, ascending", () => {
    expect(duplicatesAmong(features, check, 'ana@example.si')).toEqual([1, 3]);
    expect(duplicatesAmong(features, check, 'bor@example.si')).toEqual([2]);
  });
  it('leaves out the edited find, and finds nothing for nobody', () => {
    expect(duplicatesAmong(features, { ...check, excludeId: 3 }, 'ana@example.si')).toEqual([1]);
    expect(duplicatesAmong(features, check, null)).toEqual([]);
  });
});
