import { describe, expect, it } from 'vitest';
import type { Feature, Properties } from '../../../../domain/model.ts';
import { createPrng } from '../../../../domain/prng.ts';
import { encodeMessage, joinMessages } from '../../../../domain/layerColumns/encode.ts';
import { ABSENT, decodeMessage, decodeMessages } from '../../../../domain/layerColumns/decode.ts';
import { COORDINATE_SCALE } from '../../../../domain/layerColumns/format.ts';
import { layerFeatures } from '../../../../bench/scale/layerFeatures.ts';

/** A feature with its point rounded as the format sends it. */
const rounded = (f: Feature): Feature => {
  const g = f.geometry;
  if (g?.type !== 'Point') return f;
  const [x, y] = g.coordinates as number[];
  const r = (v: number) => Math.round(v * COORDINATE_SCALE) / COORDINATE_SCALE;
  return { ...f, geometry: { type: 'Point', coordinates: [r(x!), r(y!)] } };
};

const roundTrip = (features: Feature[]) =>
  decodeMessage(encodeMessage(new Map([[48, { features }]])))
    .tables.get(48)!
    .features();

/** Features with every kind of value a record's properties may hold, in random mixes. */
function oddFeatures(seed: number, n: number): Feature[] {
  const r = createPrng(seed);
  // A record's jsonb may hold arrays and objects too, which Properties does not declare.
  const nested = [[1, 'a'], { a: { b: null } }] as unknown as Properties[string][];
  const values: Properties[string][] = [null, '', 'ščž', 0, -1, 3.25, true, false, ...nested, '5'];
  const out: Feature[] = [];
  let id = r.int(-5, 5);
  for (let i = 0; i < n; i++) {
    id += r.int(-3, 1000);
    const properties: Properties = {};
    if (r.chance(0.8)) properties['1'] = r.chance(0.5) ? r.int(-1e9, 1e9) : r.pick(values);
    if (r.chance(0.8)) properties['2'] = new Date(Date.UTC(2020, 0, 1) + r.int(0, 1e6) * 60_000).toISOString();
    if (r.chance(0.2)) properties['2'] = r.pick(['2020-01-01T10:00:30.000Z', '2020-01-01', 'x', 7]);
    if (r.chance(0.5)) properties['3'] = r.pick(values);
    if (r.chance(0.5)) properties['767'] = id;
    if (r.chance(0.1)) properties['4'] = r.int(0, 2 ** 40);
    const kind = r.next();
    const geometry =
      kind < 0.05
        ? null
        : kind < 0.1
          ? {
              type: 'LineString' as const,
              coordinates: [
                [1, 2],
                [3, 4],
              ],
            }
          : { type: 'Point' as const, coordinates: [r.range(-2e7, 2e7), r.range(-2e7, 2e7)] };
    const f: Feature = { type: 'Feature', id, geometry, properties };
    if (r.chance(0.3)) f.version = r.int(1, 1e6);
    if (r.chance(0.3)) f.generalised = r.pick([1000, 10000] as const);
    out.push(f);
  }
  return out;
}

describe('the columns wire format', () => {
  it('gives back the layer features (points to the metre)', () => {
    const features = layerFeatures(5000, 7);
    expect(roundTrip(features)).toEqual(features.map(rounded));
  });

  it('gives back any property values, absent keys, odd geometries, ids in any order', () => {
    for (const seed of [1, 2, 3]) {
      const features = oddFeatures(seed, 3000);
      expect(roundTrip(features)).toEqual(features.map(rounded));
    }
  });

  it('sends a property equal to the id, integers, minutes and dictionaries compactly', () => {
    const features = layerFeatures(20_000, 3);
    const bytes = encodeMessage(new Map([[48, { features }]]));
    const table = decodeMessage(bytes).tables.get(48)!;
    const enc = (k: string) => table.columns.get(k)!.head.encoding;
    expect([enc('id'), enc('p767'), enc('p1053'), enc('p920'), enc('p2067')]).toEqual([
      'delta',
      'sameAsId',
      'minutes',
      'dict',
      'dict',
    ]);
    // Unpacked: 4 bytes of id, 8 of point, 4 of date and a byte for each of the 9 others, and the header.
    expect(bytes.length / features.length).toBeLessThan(26);
  });

  it('reads rows without objects: ids, points and single values', () => {
    const features = layerFeatures(100, 5);
    const { head, tables } = decodeMessage(
      encodeMessage(new Map([[48, { features, removed: [4, 5] }]]), { cursor: 'c', viewer: 'v', reset: false }),
    );
    expect(head).toMatchObject({ cursor: 'c', viewer: 'v', reset: false });
    const t = tables.get(48)!;
    expect(t.removed).toEqual([4, 5]);
    expect([...t.ids]).toEqual(features.map((f) => f.id));
    expect(t.xs[3]).toBe(Math.round((features[3]!.geometry!.coordinates as number[])[0]!));
    expect(t.value('p980', 9)).toBe(features[9]!.properties['980']);
    expect(t.value('p9999', 9)).toBe(ABSENT);
    expect(t.propertyKeys().sort()).toEqual(Object.keys(features[0]!.properties).sort());
  });

  it('an empty list, and several tables in one message', () => {
    const a = layerFeatures(10, 1);
    const { tables } = decodeMessage(
      encodeMessage(
        new Map([
          [48, { features: [] }],
          [49, { features: a }],
        ]),
      ),
    );
    expect(tables.get(48)!.features()).toEqual([]);
    expect(tables.get(49)!.features()).toEqual(a.map(rounded));
  });

  it('reads messages back to back (a full load in blocks), each in a buffer of its own', () => {
    const a = layerFeatures(30, 1);
    const b = layerFeatures(17, 2, 20_000_000);
    const one = encodeMessage(new Map([[48, { features: a }]]), { cursor: 'c' });
    const two = encodeMessage(new Map([[48, { features: b }]]), { cursor: 'c' });
    const body = joinMessages([one, two]);
    expect(body.length).toBe(one.length + two.length);
    const messages = decodeMessages(body);
    expect(messages.map((m) => m.tables.get(48)!.features())).toEqual([a.map(rounded), b.map(rounded)]);
    expect(messages.map((m) => m.bytes.byteLength)).toEqual([one.length, two.length]);
    expect(() => decodeMessages(body.subarray(0, body.length - 8))).toThrow();
  });

  it('refuses bytes that are not a message, or one cut short', () => {
    expect(() => decodeMessage(new TextEncoder().encode('{"features":{}}'))).toThrow('Not a columns message');
    const bytes = encodeMessage(new Map([[48, { features: layerFeatures(50, 1) }]]));
    expect(() => decodeMessage(bytes.slice(0, bytes.length - 64))).toThrow(/cut short|offset|length/i);
  });
});
