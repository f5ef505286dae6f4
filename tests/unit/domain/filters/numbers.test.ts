import { describe, expect, it } from 'vitest';
import { readBoolean } from '../../../../domain/filters/booleans.ts';
import { NUMBER_RE } from '../../../../domain/filters/grammar.ts';
import { readNumber, readNumericString } from '../../../../domain/filters/numbers.ts';
import { OUT } from '../../../../domain/filters/scratch.ts';
import { prng } from '../../server/filters/random.ts';

describe('number reader', () => {
  it('accepts exactly the number grammar and reads the value Number() reads', () => {
    const rng = prng(9);
    const alphabet = '0123456789+-.eE x';
    const wrong: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const s = Array.from(
        { length: 1 + Math.floor(rng() * 8) },
        () => alphabet[Math.floor(rng() * alphabet.length)],
      ).join('');
      const ok = readNumericString(s);
      if (ok !== NUMBER_RE.test(s) || (ok && !Object.is(OUT[0], Number(s)))) wrong.push(s);
    }
    expect(wrong).toEqual([]);
    for (const s of ['1234567890123456789', '-0', '5.', '.5', '1e999', '1E-3', '+7']) {
      expect(readNumericString(s), s).toBe(true);
      expect(OUT[0], s).toBe(Number(s));
    }
  });

  it('reads JS numbers except NaN, and nothing else that is not a numeric string', () => {
    expect(readNumber(3)).toBe(true);
    expect(readNumber(Infinity)).toBe(true);
    expect(readNumber(NaN)).toBe(false);
    for (const v of [true, null, undefined, '', ' 5', '0x10', 'NaN', 'Infinity', '1,5', {}])
      expect(readNumber(v), String(v)).toBe(false);
  });
});

describe('boolean reader', () => {
  it('reads true/false, 1/0 and their strings; -1 for anything else', () => {
    const cases: [unknown, number][] = [
      [true, 1],
      [false, 0],
      [1, 1],
      [0, 0],
      ['1', 1],
      ['0', 0],
      ['1.0', 1],
      ['TRUE', 1],
      ['False', 0],
      [2, -1],
      ['da', -1],
      ['', -1],
      [null, -1],
      [undefined, -1],
      [NaN, -1],
      ['yes', -1],
    ];
    for (const [v, t] of cases) expect(readBoolean(v), String(v)).toBe(t);
  });
});
