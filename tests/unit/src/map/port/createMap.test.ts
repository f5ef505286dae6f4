import { describe, expect, it } from 'vitest';
import { mapWorkerWanted } from '../../../../../src/map/port/createMap.ts';

describe('mapWorkerWanted', () => {
  it('follows the address first, then the tab’s choice, then the build', () => {
    expect(mapWorkerWanted('?mapworker=1', '0', false)).toBe(true);
    expect(mapWorkerWanted('?mapworker=0', '1', true)).toBe(false);
    expect(mapWorkerWanted('', '1', false)).toBe(true);
    expect(mapWorkerWanted('', '0', true)).toBe(false);
    expect(mapWorkerWanted('', null, true)).toBe(true);
    expect(mapWorkerWanted('?x=1', null, false)).toBe(false);
  });
});
