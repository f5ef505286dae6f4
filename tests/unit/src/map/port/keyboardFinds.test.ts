import { describe, expect, it } from 'vitest';
import { readingOrder, stepIndex } from '../../../../../src/map/port/keyboardFinds.ts';

const finds = [
  { id: 3, x: 10, y: 5 },
  { id: 1, x: 0, y: 0 },
  { id: 2, x: 10, y: 9 },
  { id: 4, x: 10, y: 9 },
];

describe('keyboard order of the finds in view', () => {
  it('reads west to east, then north to south, then by id', () => {
    expect(readingOrder(finds).map((f) => f.id)).toEqual([1, 2, 4, 3]);
  });

  it('steps forward and back from the current find, wrapping around', () => {
    const o = readingOrder(finds);
    expect(stepIndex(o, null, 1)).toBe(0);
    expect(stepIndex(o, null, -1)).toBe(3);
    expect(stepIndex(o, 2, 1)).toBe(2);
    expect(stepIndex(o, 3, 1)).toBe(0);
    expect(stepIndex(o, 1, -1)).toBe(3);
    // The current find scrolled out of view: start again from the first.
    expect(stepIndex(o, 99, 1)).toBe(0);
    expect(stepIndex([], null, 1)).toBe(-1);
  });
});
