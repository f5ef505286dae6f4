import type { AttachmentRow } from '../store/db.ts';
import type { Feature } from '../../domain/model.ts';
import type { RecordService } from '../records/service.ts';
import type { DetailedFeature } from '../records/types.ts';
import type { UploadFile } from '../http/types.ts';
import { classify, type Outcome } from './outcome.ts';
import { holdsSent, staleRecord } from './stale.ts';
import { photoUploadKey, sendableProperties, uploadName } from './localRows.ts';
import type { Snapshot } from './apply.ts';

/** The result of one request: its outcome and, on success, what the server answered. */
export type Sent<T> = { outcome: Outcome; value?: T };

/** A stored photo as an upload under its idempotent name. */
function upload(changeId: string, p: AttachmentRow): UploadFile {
  return { blob: new Blob([p.arrayBuffer], { type: p.mimeType }), name: uploadName(changeId, p) };
}

/**
 * Sends a create: feature and photos (in order, the cover named) in one multipart request whose
 * Idempotency-Key is the change id, so a retry after a lost answer returns the record made the
 * first time.
 */
export async function sendCreate(service: RecordService, s: Snapshot): Promise<Sent<DetailedFeature>> {
  const row = s.row;
  if (!row) return { outcome: { type: 'ok' } };
  const geometry = row.feature.geometry;
  if (!geometry) return { outcome: { type: 'refused', status: 400, reason: 'The record has no location' } };
  const photos = s.photos.map((p) => upload(s.change.id, p));
  const cover = s.photos.findIndex((p) => p.cover === 1);
  try {
    const value = await service.create(
      geometry,
      sendableProperties(row.feature.properties),
      photos,
      s.change.id,
      cover < 0 ? null : cover,
      row.feature.accuracyMetres ?? null,
    );
    return { outcome: { type: 'ok' }, value };
  } catch (e) {
    return { outcome: classify(e) };
  }
}

/**
 * Sends an update's properties and geometry (PUT, overwrite true) with If-Match naming the
 * version the edit started from, when known: a record changed on the server meanwhile (e.g.
 * reviewed) is refused with 412 and becomes a conflict instead of being overwritten. Repeating
 * it is harmless: a retry after a lost answer meets its own new version and is answered 412 with
 * a current record equal to ours, which `outcome.ts` counts as done.
 */
export async function sendPut(service: RecordService, s: Snapshot): Promise<Sent<Feature>> {
  const row = s.row;
  if (!row) return { outcome: { type: 'ok' } };
  const properties = sendableProperties(row.feature.properties);
  try {
    const value = await service.update(
      row.featureId,
      properties,
      row.feature.geometry,
      row.feature.version,
      row.feature.accuracyMetres,
    );
    return { outcome: { type: 'ok' }, value };
  } catch (e) {
    const current = staleRecord(e);
    if (current && holdsSent(current, properties, row.feature.geometry))
      return { outcome: { type: 'ok' }, value: current };
    return { outcome: classify(e) };
  }
}

/**
 * Adds a waiting photo to a record (after its others) so that a retry never uploads twice: the
 * upload carries an Idempotency-Key derived from the change and the photo (photoUploadKey), so the
 * server stores it once even when an attempt the client gave up on commits after a retry. The
 * upload is also named after the change and the photo, and before uploading the record's
 * attachments are checked for that name (this also guards servers that ignore the key). The
 * value: the photo's attachment id on the server.
 */
export async function sendPhoto(
  service: RecordService,
  featureId: number,
  changeId: string,
  p: AttachmentRow,
): Promise<Sent<number>> {
  const photo = upload(changeId, p);
  let current: DetailedFeature;
  try {
    current = await service.detailed(featureId);
  } catch (e) {
    return { outcome: classify(e) };
  }
  const there = current.attachments.find((a) => a.name === photo.name);
  if (there) return { outcome: { type: 'ok' }, value: there.id };
  try {
    const stored = await service.addPhoto(featureId, photo, { idempotencyKey: await photoUploadKey(changeId, p) });
    return { outcome: { type: 'ok' }, value: stored.id };
  } catch (e) {
    return { outcome: classify(e) };
  }
}

/** Makes the photo `attachmentId` the record's cover (the order stays); repeating it changes nothing. */
export async function sendCover(service: RecordService, featureId: number, attachmentId: number): Promise<Sent<void>> {
  try {
    await service.setPhotoOrder(featureId, [], attachmentId);
    return { outcome: { type: 'ok' } };
  } catch (e) {
    return { outcome: classify(e) };
  }
}

/** Sends a delete; a 404 (already gone) counts as done. */
export async function sendDelete(service: RecordService, s: Snapshot): Promise<Sent<void>> {
  try {
    await service.remove(s.change.featureId, s.row?.feature.version);
    return { outcome: { type: 'ok' } };
  } catch (e) {
    return { outcome: classify(e, true) };
  }
}
