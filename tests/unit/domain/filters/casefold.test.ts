import { describe, expect, it } from 'vitest';
import {
  foldCode,
  foldEndsWith,
  foldEquals,
  foldIncludes,
  foldStartsWith,
  foldString,
  isFolded,
} from '../../../../domain/filters/casefold.ts';
import { prng } from '../../server/filters/random.ts';

describe('case folding', () => {
  it('is the simple lowercase mapping of each BMP code unit, and idempotent', () => {
    const wrong: number[] = [];
    for (let c = 0; c < 65536; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const lower = String.fromCharCode(c).toLowerCase();
      const expected = lower.length === 1 ? lower.charCodeAt(0) : c === 0x130 ? 0x69 : c;
      if (foldCode(c) !== expected || foldCode(foldCode(c)) !== foldCode(c)) wrong.push(c);
    }
    expect(wrong).toEqual([]);
  });

  it('folds Slovenian letters and keeps lengths', () => {
    expect(foldString('ČŠŽĆĐ čšžćđ')).toBe('čšžćđ čšžćđ');
    expect(foldString('ΣΊΣΥΦΟΣ')).toBe('σίσυφοσ');
    expect(foldString('İzmir')).toBe('izmir');
    const s = 'already folded';
    expect(foldString(s)).toBe(s);
    expect(isFolded(s)).toBe(true);
    expect(isFolded('Not')).toBe(false);
  });

  it('compares like the folded strings do', () => {
    const rng = prng(5);
    const alphabet = 'aAbBčČšŠσΣİi -';
    const word = (): string =>
      Array.from({ length: Math.floor(rng() * 6) }, () => alphabet[Math.floor(rng() * alphabet.length)]).join('');
    const wrong: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const s = word();
      const lit = foldString(word());
      const f = foldString(s);
      if (
        foldEquals(s, lit) !== (f === lit) ||
        foldStartsWith(s, lit) !== f.startsWith(lit) ||
        foldEndsWith(s, lit) !== f.endsWith(lit) ||
        foldIncludes(s, lit) !== f.includes(lit)
      )
        wrong.push(`${s} / ${lit}`);
    }
    expect(wrong).toEqual([]);
  });
});
