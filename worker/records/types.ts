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
  /** A new photo (the original file; the core resizes it), or null to keep the current one. */
  photo: Blob | null;
  photoName: string | null;
  /** Made when the form opens; a retried create with it never makes a second record. */
  idempotencyKey: string;
  /** The version of the record the form opened (an edit): sent as If-Match, so a newer one on the server is not overwritten. */
  baseVersion?: number;
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
