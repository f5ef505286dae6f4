import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawWarmUp, WARM_DRAWS, WARM_IDLE_MS, WARM_MIN_POINTS } from '../../../../mapscene/layers/drawWarmUp.ts';

describe('the warm redraws of a large batch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A warm-up whose redraws count themselves as drawings, as the layer's do; `lastFrame` is when the map last drew a frame. */
  function warmUp(points: number): { warm: DrawWarmUp; redraws: () => number; frameAt: (t: number) => void } {
    let redraws = 0;
    let lastFrame = -Infinity;
    const warm: DrawWarmUp = new DrawWarmUp(
      () => {
        redraws++;
        warm.drew(points);
      },
      () => Date.now() - lastFrame,
    );
    return { warm, redraws: () => redraws, frameAt: (t) => (lastFrame = t) };
  }

  it('redraws once per idle pause until WARM_DRAWS drawings in all, then stops', () => {
    const { warm, redraws } = warmUp(WARM_MIN_POINTS);
    warm.drew(WARM_MIN_POINTS);
    vi.advanceTimersByTime(WARM_IDLE_MS - 1);
    expect(redraws()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(redraws()).toBe(1);
    vi.advanceTimersByTime(10 * WARM_IDLE_MS);
    expect(redraws()).toBe(WARM_DRAWS - 1);
    expect(warm.done).toBe(true);
    // Later drawings ask for no more.
    warm.drew(WARM_MIN_POINTS);
    vi.advanceTimersByTime(10 * WARM_IDLE_MS);
    expect(redraws()).toBe(WARM_DRAWS - 1);
  });

  it('waits while the map draws frames (a pan), and goes on once it has drawn none for the pause', () => {
    const { warm, redraws, frameAt } = warmUp(WARM_MIN_POINTS);
    warm.drew(WARM_MIN_POINTS);
    for (let t = 0; t < 5 * WARM_IDLE_MS; t += 16) {
      frameAt(Date.now());
      vi.advanceTimersByTime(16);
    }
    expect(redraws()).toBe(0);
    vi.advanceTimersByTime(WARM_IDLE_MS);
    expect(redraws()).toBe(1);
  });

  it('asks for none after a small batch, and the user’s own drawings count', () => {
    const small = warmUp(WARM_MIN_POINTS - 1);
    small.warm.drew(WARM_MIN_POINTS - 1);
    vi.advanceTimersByTime(10 * WARM_IDLE_MS);
    expect(small.redraws()).toBe(0);

    const { warm, redraws } = warmUp(WARM_MIN_POINTS);
    for (let i = 0; i < WARM_DRAWS - 1; i++) warm.drew(WARM_MIN_POINTS);
    vi.advanceTimersByTime(10 * WARM_IDLE_MS);
    expect(redraws()).toBe(1);
    // A small batch drawn meanwhile cancels the warm redraw asked for.
    const other = warmUp(WARM_MIN_POINTS);
    other.warm.drew(WARM_MIN_POINTS);
    other.warm.drew(10);
    vi.advanceTimersByTime(10 * WARM_IDLE_MS);
    expect(other.redraws()).toBe(0);
  });
});
