import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../../server/db/index.ts';
import { seedIfEmpty } from '../../../server/seed/index.ts';
import { generateSightings, SEED_COUNTS } from '../../../server/seed/sightings.ts';
import { loadCatalogue, catalogueUnits } from '../../../server/seed/catalogue.ts';
import { isInSlovenia } from '../../../server/geo/slovenia.ts';
import { mercatorToLonLat } from '../../../server/geo/projection.ts';

let db: Db;
beforeAll(async () => {
  db = await openDb({});
  await seedIfEmpty(db);
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const count = async (sql: string, params: unknown[] = []): Promise<number> =>
  Number((await db.query<{ n: number }>(sql, params))[0]?.n);

describe('generateSightings', () => {
  it('is deterministic for the same day', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const a = generateSightings(loadCatalogue(), now);
    const b = generateSightings(loadCatalogue(), now);
    expect(a).toEqual(b);
    expect(a).toHaveLength(300);
    for (const s of a) expect(isInSlovenia(...mercatorToLonLat(...s.point))).toBe(true);
    for (const s of a) expect(s.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('places Proteus mostly in the karst and Salamandra atra mostly in the Alps', () => {
    const all = generateSightings(loadCatalogue(), new Date('2026-06-15T12:00:00Z'));
    const at = (id: number) => all.filter((s) => s.properties['980'] === id).map((s) => mercatorToLonLat(...s.point));
    const proteus = at(675);
    const salamander = at(512);
    expect(proteus.length).toBeGreaterThan(3);
    expect(proteus.filter(([lon, lat]) => lon < 14.7 && lat < 46).length / proteus.length).toBeGreaterThan(0.5);
    expect(salamander.filter(([, lat]) => lat > 46.2).length / salamander.length).toBeGreaterThan(0.5);
  });
});

describe('seedIfEmpty', () => {
  it('seeds the documented counts', async () => {
    expect(await count('select count(*)::int as n from records where table_id = 48')).toBe(SEED_COUNTS.total);
    const by = await db.query<{ e: string; n: number; hidden: number }>(
      `select created_by_email as e, count(*)::int as n, count(*) filter (where properties->>'2066' = 'false')::int as hidden
         from records where table_id = 48 group by 1 order by 1`,
    );
    expect(Object.fromEntries(by.map((r) => [r.e, r.n]))).toEqual(SEED_COUNTS.byCreator);
    expect(Object.fromEntries(by.map((r) => [r.e, r.hidden]))).toEqual(SEED_COUNTS.hiddenByCreator);
    expect(by.reduce((s, r) => s + r.hidden, 0)).toBe(SEED_COUNTS.hidden);
    expect(await count('select count(distinct record_id)::int as n from attachments')).toBe(SEED_COUNTS.withPhoto);
    expect(
      await count(`select count(*)::int as n from attachments where thumb is not null and mime_type = 'image/jpeg'`),
    ).toBe(SEED_COUNTS.withPhoto);
    const status = await db.query<{ s: string; n: number }>(
      `select properties->>'974' as s, count(*)::int as n from records where table_id = 48 and created_by_email = 'vzorec@example.si' group by 1`,
    );
    expect(Object.fromEntries(status.map((r) => [r.s, r.n]))).toEqual({ 1: 230, 5: 30, 2: 20 });
    expect(
      await count(
        `select count(*)::int as n from records where table_id = 48 and created_by_email <> 'vzorec@example.si' and coalesce(properties->>'974', '5') <> '5'`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from records where table_id = 48 and properties->>'2066' = 'false' and created_by_email = 'vzorec@example.si' and properties->>'980' not in ('675', '3100', '2140')`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from records where table_id = 48 and (properties->>'2064' <> 'vzorec' or properties->>'1055' not like 'Vzorčni podatek%')`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from records where table_id = 48 and (min_x <> max_x or min_x is null or (geometry->'coordinates'->>0)::float8 <> min_x)`,
      ),
    ).toBe(0);
  });

  it('seeds tables, columns, Select values, the unit and relation tables', async () => {
    const units = catalogueUnits(loadCatalogue());
    expect(await count('select count(*)::int as n from platform_columns where table_id = 48')).toBe(18);
    expect(await count('select count(*)::int as n from records where table_id = 53')).toBe(units.length);
    expect(await count('select count(*)::int as n from records where table_id = 60')).toBe(units.length);
    expect(await count('select count(*)::int as n from select_values where column_id = 920')).toBe(6);
    expect(await count('select count(*)::int as n from profiles where id = 18')).toBe(1);
  });

  it('runs only once', async () => {
    await seedIfEmpty(db);
    expect(await count('select count(*)::int as n from records where table_id = 48')).toBe(300);
  });
});
