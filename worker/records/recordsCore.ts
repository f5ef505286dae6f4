import type { Column, Feature } from '../../domain/model.ts';
import type { HttpClient } from '../http/client.ts';
import { resizePhoto } from '../photos/resize.ts';
import { GROUP_UNIT_TABLE, UNIT_TABLE } from '../../domain/columns.ts';
import type { DetailedFeature } from '../http/types.ts';
import { RecordService, type RecordTarget } from './service.ts';
import { toSaveProperties } from './saveProperties.ts';
import type { SaveRecordInput, SaveRecordResult, SaveStage, SpeciesOption } from './types.ts';

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
   * Saves the form: creates (record + photo in one request) or updates (record, then the
   * photo: old first attachment deleted, new one uploaded; a photo failure does not undo the
   * record).
   */
  async save(
    input: SaveRecordInput,
    columns: readonly Column[],
    onStage: (s: SaveStage) => void,
  ): Promise<Omit<SaveRecordResult, 'offline'> & { saved?: Feature }> {
    const properties = toSaveProperties(input.values, columns);
    const geometry = { type: 'Point' as const, coordinates: [input.coord[0], input.coord[1]] };
    onStage('saving');
    const photo = input.photo ? { blob: (await resizePhoto(input.photo)).blob, name: jpegName(input.photoName) } : null;
    if (input.id === null) {
      const created = await this.service.create(geometry, properties, photo, input.idempotencyKey);
      return { id: created.id, created: true, photoFailed: false };
    }
    const before = photo ? await this.service.detailed(input.id) : null;
    const saved = await this.service.update(input.id, properties, geometry, input.baseVersion);
    if (!photo || !before) return { id: input.id, created: false, photoFailed: false, saved };
    onStage('photo');
    try {
      // A fresh key per save: the upload is tried up to 3 times, and a retry after a lost answer
      // gets the photo stored the first time instead of a second copy.
      await this.service.replacePhoto(input.id, photo, before.attachments, {
        idempotencyKey: crypto.randomUUID(),
        uploadAttempts: PHOTO_UPLOAD_ATTEMPTS,
      });
      return { id: input.id, created: false, photoFailed: false, saved };
    } catch (e) {
      console.error('Photo upload failed', e);
      return { id: input.id, created: false, photoFailed: true, saved };
    }
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

function jpegName(name: string | null): string {
  const base =
    (name ?? 'fotografija')
      .replace(/\.[^.]*$/, '')
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .slice(0, 80) || 'fotografija';
  return `${base}.jpg`;
}
