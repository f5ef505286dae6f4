import { describe, expect, it } from 'vitest';
import { serialize, deserialize } from 'node:v8';
import {
  gatherProperties,
  packedColumn,
  packProperties,
  pickProperties,
  unpackProperties,
} from '../../../domain/packedProperties.ts';
import type { Properties } from '../../../domain/model.ts';

const RECORDS: Properties[] = [
  { 767: 1000, 920: 1, 2066: true, 1053: '2025-07-03T10:00:00Z' },
  { 767: 1001, 920: 15, 2066: false, 974: null },
  {},
  { 767: 1003, 1820: 'ana@example.si' },
];

describe('packed properties', () => {
  it('gives every record back as it was: its keys, null kept, absent keys absent', () => {
    const packed = packProperties(RECORDS);
    expect(packed.count).toBe(4);
    RECORDS.forEach((r, i) => expect(unpackProperties(packed, i)).toEqual(r));
    expect(Object.keys(unpackProperties(packed, 1))).not.toContain('1820');
    expect(unpackProperties(packed, 1)).toHaveProperty('974', null);
  });

  it('survives a structured clone (what a worker message is)', () => {
    const back = deserialize(serialize(packProperties(RECORDS))) as ReturnType<typeof packProperties>;
    RECORDS.forEach((r, i) => expect(unpackProperties(back, i)).toEqual(r));
  });

  it('gathers rows in the order asked, then records it does not hold, with keys of their own', () => {
    const all = packProperties(RECORDS);
    const got = gatherProperties(all, Int32Array.from([3, 0, 9]), 2, [{ 767: 5, 999: 'new' }]);
    expect(got.count).toBe(3);
    expect([0, 1, 2].map((i) => unpackProperties(got, i))).toEqual([RECORDS[3], RECORDS[0], { 767: 5, 999: 'new' }]);
    // The packed rows are not changed by a gather that adds a key.
    expect(all.keys).not.toContain('999');
  });

  it('packs only the keys asked for, leaving out those no record has, and picks them from one record', () => {
    const packed = packProperties(RECORDS, [920, 1820, 4242]);
    expect(packed.keys).toEqual(['920', '1820']);
    expect(unpackProperties(packed, 0)).toEqual({ 920: 1 });
    expect(unpackProperties(packed, 3)).toEqual({ 1820: 'ana@example.si' });
    expect(pickProperties(RECORDS[0]!, [920, 2066, 4242])).toEqual({ 920: 1, 2066: true });
  });

  it('reads one column, or none when no record has it', () => {
    const packed = packProperties(RECORDS);
    expect(packedColumn(packed, 920)).toEqual([1, 15, undefined, undefined]);
    expect(packedColumn(packed, 4242)).toBeNull();
  });
});
