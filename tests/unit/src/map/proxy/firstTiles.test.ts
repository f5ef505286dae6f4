import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForFirstTile } from '../../../../../src/map/proxy/firstTiles.ts';

/** The tiles' ends as the scene's `tileEnd` events reach the proxy (base maps only: MapScene.test.ts). */
function tileEnds(): { subscribe: (end: () => void) => () => void; end: () => void; listening: () => number } {
  const ends = new Set<() => void>();
  return {
    subscribe: (end) => {
      ends.add(end);
      return () => ends.delete(end);
    },
    end: () => [...ends].forEach((e) => e()),
    listening: () => ends.size,
  };
}

describe('waitForFirstTile', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says nothing when the first tile comes before the delay', () => {
    const tiles = tileEnds();
    const seen: boolean[] = [];
    waitForFirstTile(tiles.subscribe, (p) => seen.push(p), 400);
    vi.advanceTimersByTime(200);
    tiles.end();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([false]);
    expect(tiles.listening()).toBe(0);
  });

  it('shows the hint after the delay and hides it at the first tile that ends (loaded or failed)', () => {
    const tiles = tileEnds();
    const seen: boolean[] = [];
    waitForFirstTile(tiles.subscribe, (p) => seen.push(p), 400);
    vi.advanceTimersByTime(400);
    expect(seen).toEqual([true]);
    tiles.end();
    tiles.end();
    expect(seen).toEqual([true, false]);
  });

  it('stops watching when the map goes away', () => {
    const tiles = tileEnds();
    const seen: boolean[] = [];
    const stop = waitForFirstTile(tiles.subscribe, (p) => seen.push(p), 400);
    stop();
    vi.advanceTimersByTime(1000);
    tiles.end();
    expect(seen).toEqual([false]);
    expect(tiles.listening()).toBe(0);
  });
});
