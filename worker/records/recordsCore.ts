import type { Attachment, Column, Feature } from '../../domain/model.ts';
import { isPhotoMime } from '../../domain/attachments.ts';
import type { HttpClient } from '../http/client.ts';
import { resizePhoto } from '../photos/resize.ts';
import { GROUP_UNIT_TABLE, UNIT_TABLE } from '../../domain/columns.ts';
import type { UploadFile } from '../http/types.ts';
import { RecordService, type RecordTarget } from './service.ts';
import { toSaveProperties } from './saveProperties.ts';
import type {
  DetailedFeature,
  FormPhoto,
  SaveRecordInput,
  SaveRecordResult,
  SaveStage,
  SpeciesOption,
} from './types.ts';

/** Tries of an online save's photo upload when it may not have reached the server (same Idempotency-Key each time). */
export const PHOTO_UPLOAD_ATTEMPTS = 3;

/** The group-unit relation is read with page 1 and 200 per page. */
const RELATION_PAGE = { page: 1, perPage: 200 } as const;

/** Reporting in the worker: the online save flows (photos resized) and species by group. */
export class RecordsCore {
  private readonly service: RecordService;

  constructor(http: HttpClient, target: RecordTarget) {
    this.service = new RecordService(http, target);
  }

  /** A record with its photos, for the edit form. */
  detailed(id: number): Promise<DetailedFeature> {
    return this.service.detailed(id);
  }

  /**
   * Saves the form: creates (record and photos in one request, the cover named) or updates (the
   * record, then its photos: those taken off deleted, new ones uploaded after the others, then the
   * order and the cover stored; a photo failure does not undo the record).
   */
  async save(
    input: SaveRecordInput,
    columns: readonly Column[],
    onStage: (s: SaveStage) => void,
  ): Promise<Omit<SaveRecordResult, 'offline'> & { saved?: Feature }> {
    const properties = toSaveProperties(input.values, columns);
    const geometry = { type: 'Point' as const, coordinates: [input.coord[0], input.coord[1]] };
    onStage('saving');
    const resized = await resizeNewPhotos(input.photos);
    if (input.id === null) {
      const files = resized.flatMap((p) => (p.kind === 'new' ? [p.upload] : []));
      const created = await this.service.create(
        geometry,
        properties,
        files,
        input.idempotencyKey,
        input.cover,
        input.accuracyMetres ?? null,
      );
      return { id: created.id, created: true, photoFailed: false };
    }
    const before = await this.service.detailed(input.id);
    const saved = await this.service.update(input.id, properties, geometry, input.baseVersion, input.accuracyMetres);
    if (!photosChanged(before.attachments, input)) return { id: input.id, created: false, photoFailed: false, saved };
    onStage('photo');
    try {
      await this.savePhotos(input.id, before.attachments, resized, input.cover);
      return { id: input.id, created: false, photoFailed: false, saved };
    } catch (e) {
      console.error('Photo upload failed', e);
      return { id: input.id, created: false, photoFailed: true, saved };
    }
  }

  /**
   * The photo part of an online edit: the record's photos not in `photos` are deleted (its other
   * attachments, e.g. sound, stay), new ones uploaded (each with the key it got when picked, tried up
   * to PHOTO_UPLOAD_ATTEMPTS times: stored once), then the order and cover stored.
   */
  private async savePhotos(
    id: number,
    had: readonly Attachment[],
    photos: readonly ResizedFormPhoto[],
    cover: number | null,
  ): Promise<void> {
    const kept = new Set(photos.flatMap((p) => (p.kind === 'stored' ? [p.id] : [])));
    for (const a of had) if (isPhoto(a) && !kept.has(a.id)) await this.service.removeAttachment(a.id);
    const ids: number[] = [];
    for (const p of photos) {
      if (p.kind === 'stored') {
        if (had.some((a) => a.id === p.id)) ids.push(p.id);
        continue;
      }
      const stored = await this.service.addPhoto(id, p.upload, {
        idempotencyKey: p.key,
        uploadAttempts: PHOTO_UPLOAD_ATTEMPTS,
      });
      ids.push(stored.id);
    }
    const coverId = cover === null ? null : (ids[cover] ?? null);
    await this.service.setPhotoOrder(id, ids, coverId);
  }

  /** Deletes a record; with `baseVersion`, refused (412) when it changed since. */
  remove(id: number, baseVersion?: number): Promise<void> {
    return this.service.remove(id, baseVersion);
  }

  /** Species by group from the group-unit relation (table 60) and the unit names (table 53). */
  async speciesByGroup(): Promise<Record<number, SpeciesOption[]>> {
    const [rel, units] = await Promise.all([
      this.service.search({ tableId: GROUP_UNIT_TABLE.id, ...RELATION_PAGE }),
      this.service.search({ tableId: UNIT_TABLE.id, ...RELATION_PAGE }),
    ]);
    const names = new Map<number, string>();
    for (const u of units.records)
      names.set(Number(u.properties[UNIT_TABLE.unitId]), String(u.properties[UNIT_TABLE.description] ?? ''));
    const out: Record<number, SpeciesOption[]> = {};
    for (const r of rel.records) {
      const g = Number(r.properties[GROUP_UNIT_TABLE.group]);
      const key = Number(r.properties[GROUP_UNIT_TABLE.unit]);
      (out[g] ??= []).push({ key, text: names.get(key) ?? String(key) });
    }
    return out;
  }
}

/** A form photo with a new one resized for upload. */
type ResizedFormPhoto = { kind: 'stored'; id: number } | { kind: 'new'; key: string; upload: UploadFile };

/** Resizes the new photos of a form (one after another: a phone has little memory), in the worker. */
export async function resizeNewPhotos(photos: readonly FormPhoto[]): Promise<ResizedFormPhoto[]> {
  const out: ResizedFormPhoto[] = [];
  for (const p of photos) {
    if (p.kind === 'stored') out.push(p);
    else
      out.push({ kind: 'new', key: p.key, upload: { blob: (await resizePhoto(p.file)).blob, name: jpegName(p.name) } });
  }
  return out;
}

/** True for an attachment that is a photo (a find may carry other files, e.g. sound). */
export function isPhoto(a: Pick<Attachment, 'mimeType'>): boolean {
  return isPhotoMime(a.mimeType);
}

/** True when the form's photos differ from the record's: one added, removed or moved, or another cover. */
export function photosChanged(had: readonly Attachment[], input: Pick<SaveRecordInput, 'photos' | 'cover'>): boolean {
  const before = had.filter(isPhoto);
  if (input.photos.length !== before.length) return true;
  if (input.photos.some((p, i) => p.kind === 'new' || p.id !== before[i]!.id)) return true;
  const coverBefore = before.findIndex((a) => a.cover);
  return (input.cover ?? 0) !== (coverBefore < 0 ? 0 : coverBefore);
}

function jpegName(name: string | null): string {
  const base =
    (name ?? 'fotografija')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .slice(0, 80) || 'fotografija';
  return `${base}.jpg`;
}
