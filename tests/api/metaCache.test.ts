import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import { openMiniProject } from './helpers/miniProject.ts';
import { findProject, loadTable } from '../../server/api/meta/tableMeta.ts';
import { enableMetaCache, MAX_META_ENTRIES, MetaCache, withMetaChange } from '../../server/api/meta/cache.ts';

/**
 * The metadata cache in process (server/api/meta/cache.ts): a known table costs no query, every
 * change made through withMetaChange is seen by the next load, and nothing stale or unknown is
 * kept. The routes' side (changes through the API seen without a restart) is in metaInvalidation.test.ts.
 */

let db: Db;
/** Statements run through `counted` (the cached database object). */
let statements: string[] = [];
let counted: Db;

beforeAll(async () => {
  db = await openMiniProject({ dbName: 'SKUPINA', name: 'Skupina', type: 'Select' });
  await db.exec(`
    insert into select_values (column_id, value, text, position) values (101, '1', 'ena', 0), (101, '2', 'dve', 1);
    insert into attachment_infos (id, table_id, name) values (7, 10, 'Foto');`);
  counted = {
    ...db,
    query: <T>(sql: string, params?: unknown[]) => {
      statements.push(sql);
      return db.query<T>(sql, params);
    },
  };
  enableMetaCache(counted, true);
});
afterAll(async () => {
  await db?.close();
});

/** Runs `fn` and returns how many statements it sent. */
async function queriesOf(fn: () => Promise<unknown>): Promise<number> {
  statements = [];
  await fn();
  return statements.length;
}

describe('metadata cache', () => {
  it('loads a table once; later requests for it run no query', async () => {
    await withMetaChange(counted, async () => undefined);
    expect(await queriesOf(() => loadTable(counted, 1, 10))).toBe(4);
    expect(await queriesOf(() => loadTable(counted, 1, 10))).toBe(0);
    expect(await queriesOf(() => findProject(counted, 1))).toBe(1);
    expect(await queriesOf(() => findProject(counted, 1))).toBe(0);
    const meta = await loadTable(counted, 1, 10);
    expect(meta.selectValues.get(101)?.map((v) => v.value)).toEqual([1, 2]);
    expect(meta.roles.isPublic?.id).toBe(102);
    expect(meta.attachmentInfoIds).toEqual([7]);
  });

  it('sees a change made through withMetaChange at the next load', async () => {
    await loadTable(counted, 1, 10);
    await withMetaChange(counted, () =>
      db.transaction(async (tx) => {
        await tx.query(`insert into select_values (column_id, value, text, position) values (101, '3', 'tri', 2)`);
        await tx.query(`update platform_columns set type = 'Text' where id = 102`);
        await tx.query(`update projects set is_public = false where id = 1`);
      }),
    );
    const meta = await loadTable(counted, 1, 10);
    expect(meta.selectValues.get(101)?.map((v) => v.value)).toEqual([1, 2, 3]);
    expect(meta.roles.isPublic).toBeNull();
    expect((await findProject(counted, 1))?.isPublic).toBe(false);
    await withMetaChange(counted, () =>
      db.exec(`
      delete from select_values where column_id = 101 and value = '3';
      update platform_columns set type = 'Boolean' where id = 102;
      update projects set is_public = true where id = 1;`),
    );
    expect((await loadTable(counted, 1, 10)).roles.isPublic?.id).toBe(102);
  });

  it('invalidates also when the write fails (it may have committed before the error)', async () => {
    await loadTable(counted, 1, 10);
    await expect(
      withMetaChange(counted, async () => {
        await db.query(`update platform_tables set name = 'T2' where id = 10`);
        throw new Error('after the commit');
      }),
    ).rejects.toThrow('after the commit');
    expect((await loadTable(counted, 1, 10)).table.name).toBe('T2');
  });

  it('does not keep a load that a change overtook', async () => {
    await withMetaChange(counted, async () => undefined);
    const inFlight = loadTable(counted, 1, 10);
    await withMetaChange(counted, () => db.query(`update platform_tables set name = 'T3' where id = 10`));
    await inFlight;
    expect((await loadTable(counted, 1, 10)).table.name).toBe('T3');
  });

  it('keeps neither failures (404) nor unknown projects', async () => {
    await expect(loadTable(counted, 1, 999)).rejects.toMatchObject({ status: 404 });
    // The table lookup runs again; the project (known, for the 404's wording) comes from the cache.
    expect(await queriesOf(() => loadTable(counted, 1, 999).catch(() => undefined))).toBe(1);
    expect(await findProject(counted, 404)).toBeNull();
    expect(await queriesOf(() => findProject(counted, 404))).toBe(1);
  });

  it('serves frozen metadata (shared between requests)', async () => {
    const meta = await loadTable(counted, 1, 10);
    expect(Object.isFrozen(meta.table)).toBe(true);
    expect(Object.isFrozen(meta.table.columns[0])).toBe(true);
    expect(() => {
      (meta.attachmentInfoIds as number[]).push(1);
    }).toThrow();
  });

  it('never caches through a transaction or a database without a cache', async () => {
    await db.transaction(async (tx) => {
      expect(
        await queriesOf(async () => {
          await loadTable(
            {
              query: <T>(s: string, p?: unknown[]) => {
                statements.push(s);
                return tx.query<T>(s, p);
              },
            },
            1,
            10,
          );
        }),
      ).toBe(4);
    });
    let n = 0;
    const plain = {
      query: <T>(s: string, p?: unknown[]) => {
        n++;
        return db.query<T>(s, p);
      },
    };
    await loadTable(plain, 1, 10);
    await loadTable(plain, 1, 10);
    expect(n).toBe(8);
  });

  it('loads every time while untrusted, and starts over when trusted again', async () => {
    const cache = new MetaCache(false);
    let loads = 0;
    const load = async (): Promise<number> => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(2);
    cache.setTrusted(true);
    expect(await cache.get('k', load)).toBe(3);
    expect(await cache.get('k', load)).toBe(3);
    const before = cache.generation;
    cache.setTrusted(false);
    expect(cache.generation).toBe(before + 1);
    expect(await cache.get('k', load)).toBe(4);
  });

  it('starts over instead of growing past MAX_META_ENTRIES', async () => {
    const cache = new MetaCache(true);
    for (let i = 0; i <= MAX_META_ENTRIES; i++) await cache.get(`k${i}`, async () => i);
    let loaded = false;
    await cache.get('k0', async () => {
      loaded = true;
      return 0;
    });
    expect(loaded).toBe(true);
  });
});

describe('metadata writers', () => {
  /** Files of server/ with SQL that changes a metadata table. */
  function writers(): string[] {
    const root = new URL('../../server/', import.meta.url).pathname;
    const out: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        // The migrations (server/db/migrations/) run before any process caches metadata.
        if (statSync(path).isDirectory()) {
          if (relative(root, path) !== join('db', 'migrations')) walk(path);
        } else if (name.endsWith('.ts')) {
          const text = readFileSync(path, 'utf8');
          const sql =
            /(insert\s+into|update|delete\s+from|truncate|alter\s+table|drop\s+table)\s+(projects|platform_tables|platform_columns|select_values|attachment_infos)\b/i;
          const helper =
            /insertRows\(\s*tx,\s*'(projects|platform_tables|platform_columns|select_values|attachment_infos)'/;
          if (sql.test(text) || helper.test(text)) out.push(relative(root, path));
        }
      }
    };
    walk(root);
    return out.sort();
  }

  it('are all known: each is invalidated by its route (withMetaChange) or runs before the cache exists', () => {
    // A new file here must make its route call withMetaChange (server/api/meta/cache.ts) after the
    // write commits, then be added to this list. The seed runs in createServer before the cache starts.
    expect(writers()).toEqual([
      'api/columns/cast.ts',
      'api/projects/copy.ts',
      'api/projects/routes.ts',
      'seed/index.ts',
    ]);
    const projects = readFileSync(new URL('../../server/api/projects/routes.ts', import.meta.url), 'utf8');
    expect(projects.match(/withMetaChange\(db, /g)).toHaveLength(4);
    expect(projects).toMatch(/withMetaChange\(db, \(\) =>\s*db\.transaction\(\(tx\) =>\s*copyProject\(/);
    const columns = readFileSync(new URL('../../server/api/columns/routes.ts', import.meta.url), 'utf8');
    expect(columns).toMatch(/withMetaChange\(db, \(\) =>\s*db\.transaction\(async \(tx\) => castColumn\(/);
  });
});
