import type { Column } from '../../domain/model.ts';
import type { DetailedFeature } from '../http/types.ts';
import type { RecordsCore } from './recordsCore.ts';
import { TEMP_ID_LIMIT, type OfflineRecords } from '../sync/index.ts';
import { CREATOR_KEY } from '../sync/localRows.ts';
import type { SaveRecordInput, SaveRecordResult, SaveStage } from './types.ts';
import { ApiError } from '../http/errors.ts';
import { resizePhoto } from '../photos/resize.ts';
import { toSaveProperties } from './saveProperties.ts';

/** What a write needs: the online service, the offline store, and whether we are online. */
export interface WriteDeps {
  online: boolean;
  records: RecordsCore;
  offline: OfflineRecords;
  columns: readonly Column[];
  email: string | null;
  attachmentInfoId: number;
}

/** True when an error means the server was not reached (so the change can wait offline). */
export function isUnreachable(e: unknown): boolean {
  return e instanceof ApiError && e.status === 0;
}

/** Whether a record must be written offline: we are offline, or it exists only locally so far. */
async function offlinePath(d: WriteDeps, id: number | null): Promise<boolean> {
  if (!d.online) return true;
  return id !== null && (id < TEMP_ID_LIMIT || (await d.offline.isLocalOnly(id)));
}

async function saveOffline(
  d: WriteDeps,
  input: SaveRecordInput,
  onStage: (s: SaveStage) => void,
): Promise<SaveRecordResult> {
  onStage('saving');
  const properties = toSaveProperties(input.values, d.columns);
  const geometry = { type: 'Point' as const, coordinates: [input.coord[0], input.coord[1]] };
  const photo = input.photo
    ? { blob: (await resizePhoto(input.photo)).blob, name: 'fotografija.jpg', mimeType: 'image/jpeg' }
    : null;
  if (input.id === null) {
    const { featureId } = await d.offline.create(geometry, properties, photo, d.email ?? '');
    return { id: featureId, created: true, photoFailed: false, offline: true };
  }
  await d.offline.update(input.id, properties, geometry, photo, input.baseVersion);
  return { id: input.id, created: false, photoFailed: false, offline: true };
}

/**
 * Saves a sighting on the server when online, else in the local store with a queued change;
 * when the server cannot be reached in the middle of a save, the change is kept offline
 * instead of being lost.
 */
export async function saveAnywhere(
  d: WriteDeps,
  input: SaveRecordInput,
  onStage: (s: SaveStage) => void,
): Promise<SaveRecordResult> {
  if (await offlinePath(d, input.id)) return saveOffline(d, input, onStage);
  try {
    const { saved, ...result } = await d.records.save(input, d.columns, onStage);
    if (saved)
      await d.offline
        .adoptServerVersion(saved)
        .catch((e: unknown) => console.error('Could not update the stored copies', e));
    return { ...result, offline: false };
  } catch (e) {
    if (!isUnreachable(e)) throw e;
    return saveOffline(d, input, onStage);
  }
}

/** Deletes a sighting on the server, or marks it deleted locally (queued) when offline. */
export async function deleteAnywhere(d: WriteDeps, id: number, baseVersion?: number): Promise<{ offline: boolean }> {
  if (await offlinePath(d, id)) {
    await d.offline.remove(id);
    return { offline: true };
  }
  try {
    await d.records.remove(id, baseVersion);
    return { offline: false };
  } catch (e) {
    if (!isUnreachable(e)) throw e;
    await d.offline.remove(id);
    return { offline: true };
  }
}

/** A sighting with its photos, from the server or the local store. */
export async function getAnywhere(d: WriteDeps, id: number): Promise<DetailedFeature> {
  if (!(await offlinePath(d, id))) {
    try {
      return await d.records.detailed(id);
    } catch (e) {
      if (!isUnreachable(e)) throw e;
    }
  }
  const local = await d.offline.get(id);
  if (!local) throw new ApiError('Not Found', 404, 'Not Found', '');
  const creator = local.feature.properties[CREATOR_KEY];
  return {
    ...local.feature,
    attachments: local.hasPhoto
      ? [
          {
            id: 0,
            recordId: id,
            tableAttachmentInfoId: d.attachmentInfoId,
            name: 'fotografija.jpg',
            mimeType: 'image/jpeg',
            size: 0,
          },
        ]
      : [],
    createdByEmail: typeof creator === 'string' ? creator : null,
    createdAt: '',
    updatedAt: '',
  };
}
