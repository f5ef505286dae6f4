import { describe, expect, it } from 'vitest';
import { toMgrs, utmZone } from '../../../../../src/map/coords/mgrs.ts';

describe('MGRS (5-digit precision)', () => {
  it('converts the Washington Monument to its published reference (18S UJ 23487 06483)', () => {
    // The published position has 4 decimals (~9 m of longitude); MGRS truncates to the metre.
    const m = /^18S UJ (\d{5}) (\d{5})$/.exec(toMgrs(-77.0352, 38.8895) ?? '');
    expect(m).not.toBeNull();
    expect(Math.abs(Number(m![1]) - 23487)).toBeLessThanOrEqual(2);
    expect(Math.abs(Number(m![2]) - 6483)).toBeLessThanOrEqual(2);
  });

  it('puts Slovenia in zone 33T', () => {
    expect(utmZone(14.5058, 46.0569)).toBe(33);
    expect(toMgrs(14.5058, 46.0569)).toMatch(/^33T V[LM] \d{5} \d{5}$/);
  });

  it('refuses what MGRS does not cover', () => {
    expect(toMgrs(0, 85)).toBeNull();
    expect(toMgrs(Number.NaN, 1)).toBeNull();
  });
});
