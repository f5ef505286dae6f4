/** A new sighting's form state; its own module so that the entry chunk does not carry it (the form actions load lazily). */
import { formSnapshot, type RecordFormState } from '../state/recordForm.ts';
import { photoListSnapshot } from './photoList.ts';

/** A new sighting's form with these starting values; nothing else filled in yet. */
export function newFormState(values: Record<string, string>, idempotencyKey: string): RecordFormState {
  return {
    mode: 'create',
    id: null,
    values,
    coord: null,
    coordSource: null,
    photo: null,
    photos: { items: [], cover: null },
    photosPristine: photoListSnapshot({ items: [], cover: null }),
    errors: {},
    stage: null,
    idempotencyKey,
    loading: false,
    photoQuestion: null,
    pristine: formSnapshot({ values, coord: null }),
  };
}
