import { describe, expect, it } from 'vitest';
import { signal } from '@preact/signals-react';
import { runMapKey } from '../../../../../src/map/port/mapKeys.ts';
import type { MapKeyState } from '../../../../../src/map/port/mapKeyListener.ts';
import type { FindPosition, MapCoord, MapPort, MapViewState } from '../../../../../src/map/port/mapPort.ts';

/** The part of a map the keys use: a view at rest, the view now, the finds in view and pans. */
function mapAt(center: MapCoord, finds: FindPosition[]) {
  const at = (c: MapCoord): MapViewState => ({ center: c, zoom: 14, rotation: 0, resolution: 10, size: [390, 700] });
  const view = signal<MapViewState | null>(at(center));
  let now = at(center);
  const pans: MapCoord[] = [];
  const port = {
    view,
    viewNow: () => now,
    sightingsInView: () => Promise.resolve(finds),
    panTo: (c: MapCoord) => void pans.push(c),
  } as unknown as MapPort; // only the four members runMapKey uses
  /** The pan has ended: the view is at rest at `c`. */
  const rest = (c: MapCoord): void => {
    now = at(c);
    view.value = now;
  };
  return { port, pans, rest };
}

describe('the map keys', () => {
  const finds: FindPosition[] = [
    { id: 1, x: 100, y: 0 },
    { id: 2, x: 200, y: 0 },
  ];

  it('Enter right after N acts on the find N pans to, before the pan has ended', async () => {
    const map = mapAt([0, 0], finds);
    const state: MapKeyState = { currentId: null, step: null };
    const centres: MapCoord[] = [];
    const actions = { onCentre: (c: MapCoord) => void centres.push(c), announce: () => {} };
    await runMapKey('next', map.port, actions, state);
    expect(map.pans).toEqual([[100, 0]]);
    await runMapKey('centre', map.port, actions, state);
    expect(centres).toEqual([[100, 0]]);
  });

  it('after the pan, and after the user moves the map, Enter acts on the centre', async () => {
    const map = mapAt([0, 0], finds);
    const state: MapKeyState = { currentId: null, step: null };
    const centres: MapCoord[] = [];
    const actions = { onCentre: (c: MapCoord) => void centres.push(c), announce: () => {} };
    await runMapKey('next', map.port, actions, state);
    map.rest([100, 0]);
    await runMapKey('centre', map.port, actions, state);
    map.rest([150, 30]); // arrows moved the map on
    await runMapKey('centre', map.port, actions, state);
    expect(centres).toEqual([
      [100, 0],
      [150, 30],
    ]);
  });
});
