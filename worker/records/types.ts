import type { ResponseBody } from '../../domain/shapes/index.ts';
/** A value a form holds for a column before coercion. */
export type FormValue = string | number | boolean | null | undefined;

/** What the report form sends to the core to save. */
export interface SaveRecordInput {
  /** null = a new record. */
  id: number | null;
  /** Form values keyed by column id. */
  values: Record<string, FormValue>;
  /** The location in EPSG:3857. */
  coord: [number, number];
  /**
   * The location's measured accuracy in metres (the device's fix or the photo's); null when it has
   * none; absent on an edit that keeps the record's location and does not know them (they stay).
   */
  accuracyMetres?: number | null;
  /**
   * The find's photos in the order the reporter gave them (at most 10): the ones it had, by their
   * id, and new ones (the original files; the core resizes each). A photo it had and is not listed
   * is removed.
   */
  photos: FormPhoto[];
  /** Which of `photos` is the cover, the one its card shows; null: the first. */
  cover: number | null;
  /** Made when the form opens; a retried create with it never makes a second record. */
  idempotencyKey: string;
  /** The version of the record the form opened (an edit): sent as If-Match, so a newer one on the server is not overwritten. */
  baseVersion?: number;
}

/**
 * A photo of the report form: one the find already has (`id`: its server attachment id, or the row
 * id of a photo waiting on the device), or a new one picked now, with the Idempotency-Key its upload
 * keeps over every retry and save (made when it was picked).
 */
export type FormPhoto = { kind: 'stored'; id: number } | { kind: 'new'; file: Blob; name: string; key: string };

/** A photo a find has, as the form and the gallery show it. */
export interface FindPhoto {
  /** The server attachment id, or the row id of a photo waiting on the device (FormPhoto 'stored'). */
  id: number;
  cover: boolean;
  blob: Blob;
}

/** How a save went. */
export interface SaveRecordResult {
  id: number;
  created: boolean;
  /** The record saved but the photo failed (its own error is shown; the save still counts). */
  photoFailed: boolean;
  /** True when it was kept on the device and queued for the server. */
  offline: boolean;
}

/** Stages of a save the UI announces ('Shranjujem…', 'Nalagam fotografijo…'). */
export type SaveStage = 'saving' | 'photo';

/** What the core found in a picked photo. */
export interface PhotoInspection {
  /** False when the file is not a JPEG or PNG by its bytes. */
  accepted: boolean;
  /** The location from EXIF GPS in EPSG:3857, when present and numeric. */
  gpsCoord: [number, number] | null;
  /** EXIF GPSHPositioningError in metres, when the photo gives it with its position. */
  gpsAccuracy: number | null;
  /** The day the photo was taken (YYYY-MM-DD). */
  takenOn: string | null;
  /** A small upright JPEG preview for the form. */
  preview: Blob | null;
}

/** A species option of a group (SPEC: entries have text and key). */
export interface SpeciesOption {
  key: number;
  text: string;
}

/** A find to check before saving it (issue "In the field"): its species, place (EPSG:3857) and finding date. */
export interface DuplicateCheck {
  species: number;
  coord: [number, number];
  date: string;
  /** A record to leave out (the one being edited). */
  excludeId?: number | null;
}

/**
 * A feature with its attachments, creator e-mail (creator only) and timestamps: the /detailed
 * answer, or the data core's own copy of one.
 */
export type DetailedFeature = Omit<ResponseBody<'DetailedFeature'>, 'version'> & {
  /** The server's version (its ETag); absent on a find the server has not answered for yet. */
  version?: number;
  /**
   * Set only by the data core, offline, for a find that only the device's copy of the layer holds
   * (no downloaded area, no own change): the copy's columns alone, no photos, no other fields.
   */
  basicOnly?: true;
};
