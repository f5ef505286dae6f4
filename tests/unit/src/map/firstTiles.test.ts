import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TileLayer from 'ol/layer/Tile.js';
import XYZ from 'ol/source/XYZ.js';
import { watchFirstTiles } from '../../../../src/map/firstTiles.ts';

function layer(overlay: boolean): TileLayer<XYZ> {
  const l = new TileLayer({ source: new XYZ({ url: 'http://tiles.invalid/{z}/{x}/{y}.png' }) });
  l.set('overlay', overlay);
  return l;
}

describe('watchFirstTiles', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says nothing when the first base tile comes before the delay', () => {
    const base = layer(false);
    const seen: boolean[] = [];
    watchFirstTiles([base], (p) => seen.push(p), 400);
    vi.advanceTimersByTime(200);
    base.getSource()!.dispatchEvent('tileloadend');
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([false]);
  });

  it('shows the hint after the delay and hides it at the first base tile, not at an overlay tile', () => {
    const base = layer(false);
    const overlay = layer(true);
    const seen: boolean[] = [];
    watchFirstTiles([base, overlay], (p) => seen.push(p), 400);
    vi.advanceTimersByTime(400);
    expect(seen).toEqual([true]);
    overlay.getSource()!.dispatchEvent('tileloadend');
    expect(seen).toEqual([true]);
    base.getSource()!.dispatchEvent('tileloaderror');
    base.getSource()!.dispatchEvent('tileloadend');
    expect(seen).toEqual([true, false]);
  });

  it('stops watching when the map goes away', () => {
    const base = layer(false);
    const seen: boolean[] = [];
    const stop = watchFirstTiles([base], (p) => seen.push(p), 400);
    stop();
    vi.advanceTimersByTime(1000);
    base.getSource()!.dispatchEvent('tileloadend');
    expect(seen).toEqual([false]);
  });
});
