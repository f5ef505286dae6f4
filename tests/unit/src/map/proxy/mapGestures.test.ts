import { describe, expect, it } from 'vitest';
import Kinetic from 'ol/Kinetic.js';
import {
  KEY_DURATION_MS,
  KEY_PAN_PX,
  KINETIC,
  callGesture,
  keyCommand,
  kineticFlick,
  wheelPixels,
} from '../../../../../src/map/proxy/mapGestures.ts';

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('kineticFlick', () => {
  it('glides as far as OpenLayers’ Kinetic does for the same flick', () => {
    // A flick to the right and down: 0.6 px/ms over the last 100 ms.
    const samples = Array.from({ length: 11 }, (_, i) => ({ x: 100 + i * 6, y: 50 + i * 3, t: 1000 + i * 10 }));
    const ol = new Kinetic(KINETIC.decay, KINETIC.minVelocity, KINETIC.delay);
    ol.begin();
    // OpenLayers reads the clock itself: feed it the same samples at the same times.
    const now = Date.now();
    const ours = kineticFlick(
      samples.map((s) => ({ ...s, t: s.t - 1100 + now })),
      now,
    )!;
    const realNow = Date.now;
    try {
      for (const s of samples) {
        Date.now = () => s.t - 1100 + now;
        ol.update(s.x, s.y);
      }
      Date.now = () => now;
      expect(ol.end()).toBe(true);
    } finally {
      Date.now = realNow;
    }
    const distance = ol.getDistance();
    const angle = ol.getAngle();
    expect(ours.dx).toBeCloseTo(distance * Math.cos(angle), 6);
    expect(ours.dy).toBeCloseTo(distance * Math.sin(angle), 6);
  });

  it('does not glide after a slow drag, a pause before letting go, or a single sample', () => {
    const slow = Array.from({ length: 11 }, (_, i) => ({ x: i * 0.3, y: 0, t: i * 10 }));
    expect(kineticFlick(slow, 100)).toBeNull();
    const paused = Array.from({ length: 11 }, (_, i) => ({ x: i * 6, y: 0, t: i * 10 }));
    expect(kineticFlick(paused, 400)).toBeNull();
    expect(kineticFlick([{ x: 0, y: 0, t: 0 }], 0)).toBeNull();
  });
});

describe('keyCommand', () => {
  it('pans by 128 px with the arrows, the map moving as OpenLayers’ KeyboardPan moves it', () => {
    expect(keyCommand(key('ArrowRight'))).toEqual({
      method: 'panBy',
      args: [-KEY_PAN_PX, 0, KEY_DURATION_MS, 'linear'],
    });
    expect(keyCommand(key('ArrowUp'))?.args.slice(0, 2)).toEqual([0, KEY_PAN_PX]);
    expect(keyCommand(key('ArrowLeft'))?.args.slice(0, 2)).toEqual([KEY_PAN_PX, 0]);
    expect(keyCommand(key('ArrowDown'))?.args.slice(0, 2)).toEqual([0, -KEY_PAN_PX]);
  });

  it('zooms by one level with + and −, and leaves other keys and modified ones alone', () => {
    expect(keyCommand(key('+'))).toEqual({ method: 'zoomBy', args: [1, KEY_DURATION_MS] });
    expect(keyCommand(key('-'))).toEqual({ method: 'zoomBy', args: [-1, KEY_DURATION_MS] });
    expect(keyCommand(key('n'))).toBeNull();
    expect(keyCommand(key('ArrowRight', { ctrlKey: true }))).toBeNull();
    expect(keyCommand(key('+', { metaKey: true }))).toBeNull();
  });
});

describe('wheelPixels', () => {
  it('counts a line as 40 px', () => {
    expect(wheelPixels({ deltaY: 3, deltaMode: 1 })).toBe(120);
    expect(wheelPixels({ deltaY: -100, deltaMode: 0 })).toBe(-100);
  });
});

describe('callGesture', () => {
  it("calls the scene's method of a key's command with its arguments", () => {
    const calls: unknown[][] = [];
    const target = {
      cancelAnimations: () => calls.push(['cancelAnimations']),
      setInteracting: (...a: unknown[]) => calls.push(['setInteracting', ...a]),
      panBy: (...a: unknown[]) => calls.push(['panBy', ...a]),
      scaleBy: (...a: unknown[]) => calls.push(['scaleBy', ...a]),
      zoomBy: (...a: unknown[]) => calls.push(['zoomBy', ...a]),
    };
    callGesture(target, keyCommand(key('ArrowUp'))!);
    callGesture(target, keyCommand(key('-'))!);
    expect(calls).toEqual([
      ['panBy', 0, KEY_PAN_PX, KEY_DURATION_MS, 'linear'],
      ['zoomBy', -1, KEY_DURATION_MS],
    ]);
  });
});
