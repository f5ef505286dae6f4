import { describe, expect, it } from 'vitest';
import * as casefold from '../../../../domain/filters/casefold.ts';
import { prng } from '../../server/filters/random.ts';

describe('case folding', () => {
  it('is the simple lowercase mapping of each BMP code unit, and idempotent', () => {
    const wrong: number[] = [];
    for (let c = 0; c < 65536; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const lower = String.fromCharCode(c).toLowerCase();
      const expected = lower.length === 1 ? lower.charCodeAt(0) : c === 0x130 ? 0x69 : c;
      const folded = casefold.foldCode(c);
      if (folded !== expected || casefold.foldCode(folded) !== folded) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });

  it('folds Slovenian letters and keeps lengths', () => {
    expect(casefold.foldString('ČŠŽĆĐ čšžćđ')).toBe('čšžćđ čšžćđ');
    expect(casefold.foldString('ΣΊΣΥΦΟΣ')).toBe('σίσυφοσ');
    expect(casefold.foldString('İzmir')).toBe('izmir');
    const s = 'already folded';
    expect(casefold.foldString(s)).toBe(s);
    expect(casefold.isFolded(s)).toBe(true);
    expect(casefold.isFolded('Not')).toBe(false);
  });

  it('compares like the folded strings do', () => {
    const rng = prng(5);
    const alphabet = 'aAbBčČšŠσΣİi -';
    const word = (): string =>
      Array.from({ length: Math.floor(rng() * 6) }, () => alphabet[Math.floor(rng() * alphabet.length)]).join('');
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const s = word();
      const lit = casefold.foldString(word());
      const f = casefold.foldString(s);
      if (
        casefold.foldEquals(s, lit) !== (f === lit) ||
        casefold.foldStartsWith(s, lit) !== f.startsWith(lit) ||
        casefold.foldEndsWith(s, lit) !== f.endsWith(lit) ||
        casefold.foldIncludes(s, lit) !== f.includes(lit)
      )
        wrong.push(`${s} / ${lit}`);
    }
    expect(wrong).toEqual([]);
  });
});
