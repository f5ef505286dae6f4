import type { Column, Feature } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import type { RecordsCore } from './recordsCore.ts';
import { TEMP_ID_LIMIT, type OfflineRecords } from '../sync/index.ts';
import { CREATOR_KEY } from '../sync/localRows.ts';
import type { DetailedFeature, SaveRecordInput, SaveRecordResult, SaveStage } from './types.ts';
import { OFFLINE_PHOTO_LAYOUT } from '../../domain/attachments.ts';
import type { OfflinePhoto, PendingLayout } from '../sync/types.ts';
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
  /** The row of the find `id` in the device's copy of the layer, as a Feature; null when the copy has none. */
  layerCopy: (id: number) => Promise<Feature | null>;
}

/**
 * Offline, a find the device stores no record of but its copy of the layer holds (drawn on the
 * map from it): what the copy has, marked basicOnly so that the card says so and the form does
 * not open on it (saving it would write the copy's few columns over the server's full record).
 */
async function fromLayerCopy(d: WriteDeps, id: number): Promise<DetailedFeature> {
  const row = await d.layerCopy(id).catch(() => null);
  if (!row) throw new ApiError('Not Found', 404, 'Not Found', '');
  const creator = row.properties[COL.createdByEmail];
  return {
    ...row,
    attachments: [],
    createdByEmail: typeof creator === 'string' ? creator : null,
    createdAt: '',
    updatedAt: '',
    basicOnly: true,
  };
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
  const fresh: OfflinePhoto[] = [];
  for (const [i, p] of input.photos.entries())
    if (p.kind === 'new')
      fresh.push({
        blob: (await resizePhoto(p.file)).blob,
        name: 'fotografija.jpg',
        mimeType: 'image/jpeg',
        cover: i === input.cover,
      });
  if (input.id === null) {
    const { featureId } = await d.offline.create(
      geometry,
      properties,
      fresh,
      d.email ?? '',
      input.accuracyMetres ?? null,
    );
    return { id: featureId, created: true, photoFailed: false, offline: true };
  }
  const layout = pendingLayout(input, await d.offline.photos(input.id));
  await d.offline.update(input.id, properties, geometry, fresh, input.baseVersion, layout, input.accuracyMetres);
  return { id: input.id, created: false, photoFailed: false, offline: true };
}

/**
 * How an offline edit leaves the record's photos: the waiting ones (on the device) as the form
 * orders them. Photos already on the server can only be removed or moved with a connection (the
 * change queue sends photos, not their removal): an edit that would, throws OFFLINE_PHOTO_LAYOUT
 * and nothing is saved, so the form keeps it.
 */
export function pendingLayout(
  input: Pick<SaveRecordInput, 'photos' | 'cover'>,
  device: ReadonlyArray<{ id: number; pending: boolean }>,
): PendingLayout {
  const pending = new Set(device.filter((p) => p.pending).map((p) => p.id));
  const onServer = device.filter((p) => !p.pending).map((p) => p.id);
  const kinds = input.photos.map((p) => (p.kind === 'stored' && !pending.has(p.id) ? 'server' : 'device'));
  const serverIds = input.photos.flatMap((p, i) => (kinds[i] === 'server' && p.kind === 'stored' ? [p.id] : []));
  const moved = kinds.lastIndexOf('server') > kinds.indexOf('device') && kinds.includes('device');
  // A form opened online names the server's photos by their server ids, which the device does not know.
  const known = serverIds.length === 0 || serverIds.some((id) => onServer.includes(id));
  const removed = known && onServer.some((id) => !serverIds.includes(id));
  const reordered = known && serverIds.some((id, i) => onServer[i] !== id);
  if (moved || removed || reordered) {
    const e = new Error('Photos already on the server can be removed or moved only with a connection');
    e.name = OFFLINE_PHOTO_LAYOUT;
    throw e;
  }
  const keep = input.photos.flatMap((p) => (p.kind === 'stored' && pending.has(p.id) ? [p.id] : []));
  const coverPhoto = input.cover === null ? undefined : input.photos[input.cover];
  return { keep, cover: coverPhoto?.kind === 'stored' && pending.has(coverPhoto.id) ? coverPhoto.id : null };
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
  if (!local) return fromLayerCopy(d, id);
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
