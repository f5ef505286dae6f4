import type { FeatureRow, OfflineDb } from '../store/db.ts';
import type { Feature } from '../../domain/model.ts';
import { asFeature, shownRowOf } from './localRows.ts';
import type { StoredRecords } from '../layer/OverlaidLayer.ts';

/**
 * The records the device stores for table `tableId`, as the offline layer shows them: of each
 * record's rows (its area copies and its change row) the one shown, deleted ones left out, with
 * which were created on this device (not yet on the server: isInsert) and which server records
 * were deleted here (the delete waiting), for drawing over the device's copy of the layer
 * (worker/layer/OverlaidLayer.ts).
 */
export async function readStoredRecords(db: OfflineDb, tableId: number): Promise<StoredRecords> {
  const byId = new Map<number, FeatureRow[]>();
  await db.features.each((r) => {
    if (r.tableId !== tableId) return;
    const list = byId.get(r.featureId);
    if (list) list.push(r);
    else byId.set(r.featureId, [r]);
  });
  const features: Feature[] = [];
  const created = new Set<number>();
  const deleted: number[] = [];
  for (const rows of byId.values()) {
    const shown = shownRowOf(rows);
    if (!shown) continue;
    // A record created here keeps its temporary id, which may be some other record's server id.
    if (shown.isDelete) {
      if (!shown.isInsert) deleted.push(shown.featureId);
    } else {
      features.push(asFeature(shown));
      if (shown.isInsert) created.add(shown.featureId);
    }
  }
  return { features, created, deleted };
}
