import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { openDb, type Db } from '../../../../../server/db/index.ts';
import { readAttachmentBytes } from '../../../../../server/api/attachments/store.ts';
import { cleanImage } from '../../../../../server/api/attachments/cleanPhoto.ts';
import { jpegSegments, jpegWithMetadata } from '../../../../helpers/photoMetadata.ts';

/**
 * The picture-only copy of a photo on a real PGlite: a photo that must be turned is re-encoded
 * once and kept in attachments.clean (a row stored before the column had it null); one that
 * need not be turned is stripped as it is served and nothing is stored.
 */
let db: Db;

beforeAll(async () => {
  db = await openDb({});
  await db.query(`insert into projects (id, name) values (1, 'p')`);
  await db.query(`insert into platform_tables (id, project_id, name, geometry_type) values (10, 1, 't', 2)`);
  await db.query(
    `insert into records (id, project_id, table_id, properties, created_by_email) values (501, 1, 10, '{}', 'ana@example.si')`,
  );
}, 120_000);
afterAll(async () => {
  await db?.close();
});

/** Stores `data` as a JPEG attachment of record 501; its id. */
async function store(data: Buffer): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into attachments (record_id, table_id, attachment_info_id, name, mime_type, size, data)
     values (501, 10, 1, 'a.jpg', 'image/jpeg', $1, $2) returning id`,
    [data.length, data],
  );
  return rows[0]!.id;
}

const cleanColumn = async (id: number): Promise<Uint8Array | null> =>
  (await db.query<{ clean: Uint8Array | null }>('select clean from attachments where id = $1', [id]))[0]!.clean;

describe('cleanImage', () => {
  it('turns a photo of orientation 6 upright once and keeps the result', async () => {
    const id = await store(await jpegWithMetadata(64, 48, 6));
    expect(await cleanColumn(id)).toBeNull();
    const first = await cleanImage(db, id, (await readAttachmentBytes(db, id, false))!);
    expect(await sharp(first!).metadata()).toMatchObject({ width: 48, height: 64 });
    expect((await sharp(first!).metadata()).orientation).toBeUndefined();
    expect(jpegSegments(first!).filter((s) => s.startsWith('APP1') || s === 'APP13' || s === 'COM')).toEqual([]);
    expect(Buffer.from((await cleanColumn(id))!).equals(first!)).toBe(true);
    // The next request serves the kept copy as it is.
    const again = (await readAttachmentBytes(db, id, false))!;
    expect(again.clean?.equals(first!)).toBe(true);
    expect(await cleanImage(db, id, again)).toBe(again.clean);
  });

  it('strips a photo of orientation 1 as it is served and stores nothing', async () => {
    const id = await store(await jpegWithMetadata(64, 48));
    const out = await cleanImage(db, id, (await readAttachmentBytes(db, id, false))!);
    expect(jpegSegments(out!)).toEqual(['APP2 ICC']);
    expect(await cleanColumn(id)).toBeNull();
  });

  it('gives nothing for stored bytes that cannot be turned, so they are never sent as they are', async () => {
    const turned = await jpegWithMetadata(64, 48, 6);
    const id = await store(turned.subarray(0, turned.length - 200));
    expect(await cleanImage(db, id, (await readAttachmentBytes(db, id, false))!)).toBeNull();
    expect(await cleanColumn(id)).toBeNull();
  });
});
