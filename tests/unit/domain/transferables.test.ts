import { describe, expect, it } from 'vitest';
import { buffersOf } from '../../../domain/transferables.ts';

describe('buffersOf', () => {
  it('lists each buffer under the arrays once', () => {
    const shared = new ArrayBuffer(16);
    const a = new Float64Array(shared, 0, 1);
    const b = new Uint8Array(shared, 8, 8);
    const c = new Int32Array(4);
    expect(buffersOf([a, b, c])).toEqual([shared, c.buffer]);
  });
});
