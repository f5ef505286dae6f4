import { signal } from '@preact/signals-react';
import type { FormErrors } from '../records/validate.ts';
import type { SaveStage } from '../../worker/api.ts';
import type { PhotoFactsTaken } from '../records/photoTakeover.ts';
import { photoListSnapshot, type PhotoList } from '../records/photoList.ts';

/** What the core read from the photo picked last (its place and date count for the find). */
export interface PickedPhoto {
  gpsCoord: [number, number] | null;
  takenOn: string | null;
  /** EXIF GPSHPositioningError in metres, when the photo gives it. */
  gpsAccuracy?: number | null;
}

/**
 * The measured accuracy of the form's location (metres, for the reporter) and where the location
 * came from ('stored': the record's own, on edit). It is saved with the record while the location
 * still comes from there (savedAccuracy).
 */
export interface LocationAccuracy {
  metres: number;
  source: 'gps' | 'photo' | 'stored';
}

/**
 * The metres a save keeps: the accuracy of the location the form holds; null when it has none (a
 * place picked on the map); undefined when the record's own location is unchanged and its metres
 * are not known here (e.g. a copy downloaded for offline use): the stored ones stay.
 */
export function savedAccuracy(f: Pick<RecordFormState, 'accuracy' | 'coordSource'>): number | null | undefined {
  if (f.accuracy && f.accuracy.source === f.coordSource) return f.accuracy.metres;
  return f.coordSource === 'stored' ? undefined : null;
}

/** The open report form. */
export interface RecordFormState {
  mode: 'create' | 'edit';
  /** The record being edited. */
  id: number | null;
  /** Field values keyed by column id, as typed (strings). */
  values: Record<string, string>;
  /** The location in EPSG:3857. */
  coord: [number, number] | null;
  /** Where the location came from, to say so. */
  coordSource: 'map' | 'gps' | 'photo' | 'stored' | null;
  /** The facts of the photo picked last, or null before one is picked. */
  photo: PickedPhoto | null;
  /** The find's photos in order, and the cover (records/photoList.ts). */
  photos: PhotoList;
  /** The photos as the form opened (photoListSnapshot), to tell whether they were changed. */
  photosPristine: string;
  errors: FormErrors;
  /** Set while saving or deleting. */
  stage: SaveStage | 'deleting' | null;
  idempotencyKey: string;
  /** True while the form is loading the record to edit. */
  loading: boolean;
  /** The server's version of the edited record when the form opened (sent as If-Match). */
  baseVersion?: number;
  /** A new photo's place and date that differ from the find's own, waiting for the user to choose. */
  photoQuestion: PhotoFactsTaken | null;
  /** The accuracy of a device or photo location; shown while the location still comes from there. */
  accuracy?: LocationAccuracy | null;
  /** Set once the reporter answered 'Vseeno shrani' to the duplicate question (the save does not ask again). */
  duplicateAnswered?: boolean;
  /** The user's find this new one likely duplicates, while the question is open. */
  duplicateOf?: number | null;
  /** The values and location as the form opened (after the record loaded), to tell whether anything was changed. */
  pristine: string | null;
}

/** What of the form counts as typed, as one comparable string. */
export function formSnapshot(f: Pick<RecordFormState, 'values' | 'coord'>): string {
  return JSON.stringify([f.values, f.coord]);
}

/** True when the user changed something in the form that closing it would lose. */
export function isFormDirty(f: RecordFormState): boolean {
  if (photoListSnapshot(f.photos) !== f.photosPristine) return true;
  return f.pristine !== null && formSnapshot(f) !== f.pristine;
}

/** The report form, or null when closed. */
export const recordForm = signal<RecordFormState | null>(null);

/** True while the next map click sets the form's location. */
export const pickingLocation = signal(false);

/** Updates the open form. */
export function patchForm(patch: Partial<RecordFormState>): void {
  const f = recordForm.value;
  if (f) recordForm.value = { ...f, ...patch };
}

/** Sets one field and clears its error. */
export function setField(columnId: number, value: string): void {
  const f = recordForm.value;
  if (!f) return;
  const errors = { ...f.errors };
  delete errors[columnId];
  recordForm.value = { ...f, values: { ...f.values, [columnId]: value }, errors };
}

/** Sets the location and clears its error. */
export function setLocation(coord: [number, number], source: RecordFormState['coordSource']): void {
  const f = recordForm.value;
  if (!f) return;
  const errors = { ...f.errors };
  delete errors.location;
  recordForm.value = { ...f, coord, coordSource: source, errors };
}
