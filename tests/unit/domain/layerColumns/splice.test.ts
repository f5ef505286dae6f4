import { describe, expect, it } from 'vitest';
import type { Feature, Properties } from '../../../../domain/model.ts';
import { createPrng, type Prng } from '../../../../domain/prng.ts';
import { encodeMessage } from '../../../../domain/layerColumns/encode.ts';
import { decodeMessage, type DecodedTable } from '../../../../domain/layerColumns/decode.ts';
import { BLOCK_ROWS } from '../../../../domain/layerColumns/format.ts';
import { spliceBlock } from '../../../../domain/layerColumns/splice.ts';

const table = (features: readonly Feature[], removed?: number[]): DecodedTable =>
  decodeMessage(encodeMessage(new Map([[48, { features, removed }]]))).tables.get(48)!;

/** Property values of every kind, a few of them new to any dictionary. */
const VALUES: Properties[string][] = [null, '', 'ščž', 0, -1, 3.25, true, 'vidra', 'ris', '5'];

/** A random feature `id` with integer coordinates (as the format keeps them). */
function feature(r: Prng, id: number, keys: readonly string[]): Feature {
  const properties: Properties = {};
  if (r.chance(0.9)) properties['1'] = r.chance(0.5) ? r.int(-1e9, 1e9) : r.pick(VALUES);
  if (r.chance(0.8)) properties['2'] = new Date(Date.UTC(2020, 0, 1) + r.int(0, 1e6) * 60_000).toISOString();
  if (r.chance(0.1)) properties['2'] = r.pick(['2020-01-01T10:00:30.000Z', '2020-01-01', 7]);
  if (r.chance(0.6)) properties['3'] = r.pick(VALUES);
  properties['767'] = id;
  for (const k of keys) if (r.chance(0.5)) properties[k] = r.pick(VALUES);
  const f: Feature = {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: [r.int(1_480_000, 1_860_000), r.int(5_686_000, 5_925_000)] },
    properties,
  };
  if (r.chance(0.3)) f.version = r.int(1, 1e6);
  if (r.chance(0.3)) f.generalised = r.pick([1000, 10000] as const);
  return f;
}

/** The block with the changes as the object path makes it: every row a Feature, sorted, encoded anew. */
function throughObjects(block: DecodedTable, removed: number[], upserts: readonly Feature[]): Feature[] {
  const byId = new Map(block.features().map((f) => [f.id, f]));
  for (const id of removed) byId.delete(id);
  for (const f of upserts) byId.set(f.id, f);
  return table([...byId.values()].sort((a, b) => a.id - b.id)).features();
}

describe('spliceBlock', () => {
  it('gives the rows the object path gives, for random removals, edits and inserts', () => {
    const r = createPrng(11);
    let spliced = 0;
    let refused = 0;
    for (let run = 0; run < 150; run++) {
      const n = r.int(1, 400);
      const ids = Array.from({ length: n }, (_, i) => 10 * (i + 1));
      const base = ids.map((id) => feature(r, id, []));
      const block = table(base);
      const removed = ids.filter(() => r.chance(0.05));
      // Edits of rows still there (a new key now and then) and inserts between them.
      const upserts = new Map<number, Feature>();
      for (let k = r.int(0, 12); k > 0; k--) {
        const id = r.chance(0.5) ? r.pick(ids) : r.int(1, 10 * n + 20);
        upserts.set(id, feature(r, id, r.chance(0.05) ? ['9'] : []));
      }
      const list = [...upserts.values()];
      const changes = table(list, removed);
      const bytes = spliceBlock(block, { removed, from: changes, rows: list.map((_, i) => i) }, 48);
      if (!bytes) {
        refused++;
        continue;
      }
      spliced++;
      const got = decodeMessage(bytes).tables.get(48)!;
      expect(got.features(), `run ${run}`).toEqual(throughObjects(block, removed, list));
    }
    // Only a new key ('9') is refused here.
    expect(spliced).toBeGreaterThan(120);
    expect(refused).toBeGreaterThan(0);
  });

  it('empties a block whose rows all went, and refuses a row without a point or past BLOCK_ROWS', () => {
    const r = createPrng(3);
    const base = [1, 2, 3].map((id) => feature(r, id, []));
    const block = table(base);
    const none = table([]);
    const emptied = spliceBlock(block, { removed: [1, 2, 3], from: none, rows: [] }, 48)!;
    expect(decodeMessage(emptied).tables.get(48)!.n).toBe(0);
    const pointless = table([{ ...feature(r, 4, []), geometry: null }]);
    expect(spliceBlock(block, { removed: [], from: pointless, rows: [0] }, 48)).toBeNull();
    const full = table(Array.from({ length: BLOCK_ROWS }, (_, i) => feature(r, 10 + i, [])));
    const one = table([feature(r, 5, [])]);
    expect(spliceBlock(full, { removed: [], from: one, rows: [0] }, 48)).toBeNull();
  });
});
