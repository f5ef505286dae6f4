import { describe, expect, it } from 'vitest';
import { accuracyClass, averageFixes, roundMetres } from '../../../domain/locationAccuracy.ts';

/** The accuracy column's select values as the server seeds them (server/seed/selectValues.json). */
const CLASSES = [
  { value: 5, text: 'do 5 m' },
  { value: 10, text: 'do 10 m' },
  { value: 50, text: 'do 50 m' },
  { value: 100, text: 'do 100 m' },
  { value: 1000, text: 'do 1 km' },
];

describe('averageFixes', () => {
  it('weights each fix by 1/accuracy²', () => {
    // 60 m at x=0 and 6 m at x=100: weights 1/3600 and 1/36, so the mean lies at 100·100/101.
    const avg = averageFixes([
      { coord: [0, 0], accuracy: 60 },
      { coord: [100, 50], accuracy: 6 },
    ])!;
    expect(avg.coord[0]).toBeCloseTo(10000 / 101, 6);
    expect(avg.coord[1]).toBeCloseTo(5000 / 101, 6);
    expect(avg.accuracy).toBeCloseTo(1 / Math.sqrt(1 / 3600 + 1 / 36), 6);
    expect(avg.accuracy).toBeLessThan(6);
  });
  it('equal fixes: the plain mean; none usable: null', () => {
    expect(
      averageFixes([
        { coord: [2, 4], accuracy: 10 },
        { coord: [4, 8], accuracy: 10 },
      ])!.coord,
    ).toEqual([3, 6]);
    expect(averageFixes([])).toBeNull();
    expect(
      averageFixes([
        { coord: [1, 1], accuracy: 0 },
        { coord: [Number.NaN, 1], accuracy: 5 },
      ]),
    ).toBeNull();
  });
});

describe('accuracyClass', () => {
  it('the smallest class that holds the radius; the widest beyond all', () => {
    expect(accuracyClass(4, CLASSES)?.value).toBe(5);
    expect(accuracyClass(5, CLASSES)?.value).toBe(5);
    expect(accuracyClass(8, CLASSES)?.value).toBe(10);
    expect(accuracyClass(10.4, CLASSES)?.value).toBe(50);
    expect(accuracyClass(60, CLASSES)?.value).toBe(100);
    expect(accuracyClass(5000, CLASSES)?.value).toBe(1000);
  });
  it('reads string values and ignores non-numeric ones', () => {
    expect(
      accuracyClass(8, [
        { value: 'x', text: 'x' },
        { value: '10', text: 'do 10 m' },
      ])?.text,
    ).toBe('do 10 m');
    expect(accuracyClass(8, [{ value: 'x', text: 'x' }])).toBeNull();
  });
  it('rounds metres for the reporter', () => {
    expect(roundMetres(7.6)).toBe(8);
    expect(roundMetres(0.2)).toBe(1);
  });
});
