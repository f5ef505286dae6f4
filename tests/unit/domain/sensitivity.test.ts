import { describe, expect, it } from 'vitest';
import {
  generalisationOf,
  gridSquare,
  readGeneralisation,
  sensitivityClassOf,
  squareCentre,
  squareUncertaintyMetres,
} from '../../../domain/sensitivity.ts';

describe('sensitivity classes', () => {
  it('reads only 1, 2 and 3 (as numbers or numeric text) as classes; anything else is 0', () => {
    expect([1, 2, 3, '1', ' 2', '3'].map(sensitivityClassOf)).toEqual([1, 2, 3, 1, 2, 3]);
    expect([0, 4, -1, '', 'x', null, undefined, true, 1.5, [1]].map(sensitivityClassOf)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });
  it('stores 1 km, 10 km or withheld', () => {
    expect([0, 1, 2, 3].map((c) => generalisationOf(c as 0 | 1 | 2 | 3))).toEqual([0, 1000, 10000, -1]);
    expect([1000, 10000, -1, 5, '1000', null].map(readGeneralisation)).toEqual([1000, 10000, -1, 0, 0, 0]);
  });
});

describe('national grid squares', () => {
  it('aligns squares to multiples of their side, so 1 km squares nest in 10 km ones', () => {
    expect(gridSquare(462_345.6, 101_999.9, 1000)).toEqual([462_000, 101_000, 463_000, 102_000]);
    expect(gridSquare(462_345.6, 101_999.9, 10_000)).toEqual([460_000, 100_000, 470_000, 110_000]);
    // A point on the lower-left edge belongs to that square.
    expect(gridSquare(462_000, 101_000, 1000)).toEqual([462_000, 101_000, 463_000, 102_000]);
  });
  it('gives every point of a square the same centre (nothing of the point is left)', () => {
    const centres = [
      [462_001, 101_001],
      [462_999, 101_999],
      [462_500, 101_020],
    ].map(([e, n]) => squareCentre(gridSquare(e!, n!, 1000)));
    expect(new Set(centres.map((c) => c.join(','))).size).toBe(1);
    expect(centres[0]).toEqual([462_500, 101_500]);
  });
  it('gives the half-diagonal as the uncertainty of a square', () => {
    expect(squareUncertaintyMetres(1000)).toBe(708);
    expect(squareUncertaintyMetres(10_000)).toBe(7072);
  });
});
