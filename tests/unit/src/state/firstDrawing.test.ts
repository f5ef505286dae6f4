import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstDrawing } from '../../../../src/state/firstDrawing.ts';
import { drawnSightings } from '../../../../src/state/filters.ts';

describe('afterFirstDrawing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    drawnSightings.value = null;
  });
  afterEach(() => vi.useRealTimers());

  it('runs once the map has drawn, in a task of its own, and only once', () => {
    const fn = vi.fn();
    afterFirstDrawing(fn, 5000);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    drawnSightings.value = 265;
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    drawnSightings.value = 12;
    vi.advanceTimersByTime(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs in the next task when the map has already drawn, even nothing', () => {
    drawnSightings.value = 0;
    const fn = vi.fn();
    afterFirstDrawing(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after the longest wait when the map never draws', () => {
    const fn = vi.fn();
    afterFirstDrawing(fn, 5000);
    vi.advanceTimersByTime(4999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
