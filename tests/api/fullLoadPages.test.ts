import { ANONYMOUS } from '../../domain/review.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { openMiniProject } from './helpers/miniProject.ts';
import { loadTable } from '../../server/api/meta/tableMeta.ts';
import { tableAll, tablePages } from '../../server/api/changes/feed.ts';
import { fullBlocks } from '../../server/api/changes/columnsAnswer.ts';
import { decodeMessages } from '../../domain/layerColumns/decode.ts';
import { joinMessages } from '../../domain/layerColumns/encode.ts';

/**
 * A full load is read in keyset pages and encoded block by block (server/api/changes/feed.ts
 * tablePages, columnsAnswer.ts fullBlocks): every record with a place that is not archived comes
 * exactly once, in id order, whatever the page size, and the blocks decode to the same features.
 */

let db: Db;
const HEAD = { cursor: '1:1:', viewer: 'x', reset: false };

beforeAll(async () => {
  db = await openMiniProject({ dbName: 'IME', name: 'Ime', type: 'Text' });
  // 40 records: archived when i % 9 == 0, without a place when i % 10 == 0.
  for (let i = 1; i <= 40; i++) {
    const place = i % 10 !== 0;
    await db.query(
      `insert into records (project_id, table_id, properties, geometry, min_x, min_y, max_x, max_y, archived)
       values (1, 10, $1::jsonb, $2::jsonb, $3, $3, $3, $3, $4)`,
      [
        JSON.stringify({ '101': `najdba ${i}`, '102': true }),
        place ? JSON.stringify({ type: 'Point', coordinates: [i * 10, 500] }) : null,
        place ? i * 10 : null,
        i % 9 === 0,
      ],
    );
  }
});
afterAll(async () => {
  await db?.close();
});

const expected = Array.from({ length: 40 }, (_, k) => k + 1).filter((i) => i % 9 !== 0 && i % 10 !== 0);
const numberOf = (f: { properties: Record<string, unknown> }): number =>
  Number(String(f.properties['101']).split(' ')[1]);

describe('a full load in pages', () => {
  it('reads every record with a place once, in id order, for any page size', async () => {
    const meta = await loadTable(db, 1, 10);
    const whole = (await tableAll(db, meta, ANONYMOUS, null, 'feature')).upserts.map(
      (u) => JSON.parse(u) as { id: number; properties: Record<string, unknown> },
    );
    expect(whole.map(numberOf)).toEqual(expected);
    for (const size of [1, 4, expected.length, expected.length + 1]) {
      const pages: string[][] = [];
      for await (const page of tablePages(db, meta, ANONYMOUS, null, 'feature', size)) pages.push(page);
      expect(pages.length).toBe(Math.ceil(expected.length / size));
      expect(pages.every((p) => p.length <= size)).toBe(true);
      expect(pages.flat().map((u) => JSON.parse(u) as unknown)).toEqual(whole);
      // One block per page, decoding to the same features.
      const blocks = await fullBlocks(10, tablePages(db, meta, ANONYMOUS, null, 'feature', size), HEAD);
      expect(blocks.length).toBe(pages.length);
      const decoded = decodeMessages(joinMessages(blocks));
      expect(decoded.every((m) => m.head.cursor === HEAD.cursor && m.head.reset === false)).toBe(true);
      expect(decoded.flatMap((m) => m.tables.get(10)!.features()).map((f) => f.id)).toEqual(whole.map((f) => f.id));
    }
  });

  it('gives a table without records one empty block', async () => {
    const meta = await loadTable(db, 1, 10);
    // The last test of the file: it may archive every record.
    await db.query('update records set archived = true');
    const blocks = await fullBlocks(10, tablePages(db, meta, ANONYMOUS, null, 'feature', 4), HEAD);
    expect(blocks.length).toBe(1);
    expect(decodeMessages(blocks[0]!)[0]!.tables.get(10)!.n).toBe(0);
  });
});
