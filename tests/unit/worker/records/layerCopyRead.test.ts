import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Feature } from '../../../../domain/model.ts';
import { COL } from '../../../../domain/columns.ts';
import { HttpClient } from '../../../../worker/http/client.ts';
import { ApiError } from '../../../../worker/http/errors.ts';
import { ColumnLayer } from '../../../../worker/layer/ColumnLayer.ts';
import { blocksOf } from '../../../../worker/layer/layerReplica.ts';
import { RecordsCore } from '../../../../worker/records/recordsCore.ts';
import { getAnywhere, type WriteDeps } from '../../../../worker/records/writes.ts';
import { openOfflineDb, type OfflineDb } from '../../../../worker/store/db.ts';
import { OfflineRecords } from '../../../../worker/sync/index.ts';
import { TARGET, downloadArea } from '../sync/helpers.ts';

/**
 * Offline, the data core's record read (the find card's, the edit form's) falls back to the
 * device's copy of the layer for a find the device stores no record of: the copy's columns, marked
 * basicOnly. A stored record (a downloaded area) still wins, and a find in neither is not found.
 */
const find = (id: number, species: number, extra: Feature['properties'] = {}): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [1_600_000 + id, 5_800_000 + id] },
  properties: {
    [COL.id]: id,
    [COL.group]: 2,
    [COL.species]: species,
    [COL.date]: '2024-05-17',
    [COL.status]: 1,
    [COL.public]: true,
    [COL.createdByEmail]: 'ana@example.si',
    [COL.locationAccuracy]: 3,
    ...extra,
  },
});

const COPY = [find(11, 3406), find(12, 3410), find(40, 3500)];

let db: OfflineDb;
let n = 0;
// A database per test (fake-indexeddb, in memory).
beforeEach(() => {
  db = openOfflineDb(`layer-copy-read-${++n}`);
});

function deps(online: boolean): WriteDeps {
  const copy = new ColumnLayer(blocksOf(COPY, TARGET.tableId).map((b) => b.table));
  return {
    online,
    // Nothing listens on port 9: online reads are unreachable, as when the network drops.
    records: new RecordsCore(new HttpClient({ origin: 'http://127.0.0.1:9', token: () => '' }), TARGET),
    offline: new OfflineRecords(db, TARGET),
    columns: [],
    email: 'ana@example.si',
    attachmentInfoId: TARGET.attachmentInfoId,
    layerCopy: (id) => {
      const row = copy.rowOf(id);
      return Promise.resolve(row >= 0 ? copy.feature(row) : null);
    },
  };
}

describe('getAnywhere from the layer copy', () => {
  it('offline, a find only the copy holds reads as the copy has it, marked basicOnly', async () => {
    const r = await getAnywhere(deps(false), 12);
    expect(r.basicOnly).toBe(true);
    expect(r.id).toBe(12);
    expect(r.properties[COL.species]).toBe(3410);
    expect(r.properties[COL.group]).toBe(2);
    expect(r.properties[COL.status]).toBe(1);
    expect(r.properties[COL.locationAccuracy]).toBe(3);
    expect(String(r.properties[COL.date])).toMatch(/^2024-05-17/);
    expect(r.createdByEmail).toBe('ana@example.si');
    expect(r.attachments).toEqual([]);
    expect(r.geometry).toEqual({ type: 'Point', coordinates: [1_600_012, 5_800_012] });
  });

  it('a stored record wins over the copy and is not basicOnly', async () => {
    await downloadArea(db, [find(11, 9999, { 1054: 'opomba iz prenosa' })]);
    const r = await getAnywhere(deps(false), 11);
    expect(r.basicOnly).toBeUndefined();
    expect(r.properties[COL.species]).toBe(9999);
    expect(r.properties[1054]).toBe('opomba iz prenosa');
  });

  it('a find in neither the store nor the copy is not found', async () => {
    await expect(getAnywhere(deps(false), 13)).rejects.toMatchObject({ status: 404 });
    await expect(getAnywhere(deps(false), 13)).rejects.toBeInstanceOf(ApiError);
  });

  it('online with the server unreachable, the copy answers too', async () => {
    const r = await getAnywhere(deps(true), 40);
    expect(r.basicOnly).toBe(true);
    expect(r.properties[COL.species]).toBe(3500);
  });
});
