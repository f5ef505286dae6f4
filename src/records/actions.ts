import { proxy } from 'comlink';
import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { effect } from '@preact/signals-react';
import { dismissMessage, notify } from '../state/notices.ts';
import { closePanels } from '../state/panel.ts';
import {
  formSnapshot,
  patchForm,
  pickingLocation,
  recordForm,
  setField,
  setLocation,
  type RecordFormState,
} from '../state/recordForm.ts';
import { findPhotoUrl } from '../state/shortInfo.ts';
import { newFormState } from './newForm.ts';
import { COL } from '../../domain/columns.ts';
import { isSoundMime } from '../../domain/sound.ts';
import { saveDraftSound } from './sound.ts';
import { insideSlovenia } from './location.ts';
import { photoTakeover, type PhotoFactsTaken } from './photoTakeover.ts';
import { todayIso, validateForm } from './validate.ts';
import { failureHint } from '../ui/errors.ts';
import { flashRequest } from '../map/mapState.ts';
import { quotaAlert } from '../state/offline.ts';
import { rememberOpener, returnFocus } from '../ui/focusReturn.ts';
import { applyAccuracy } from './positionWatch.ts';
import { askIfDuplicate } from './duplicateCheck.ts';
import { roundMetres } from '../../domain/locationAccuracy.ts';

/** File endings the photo picker accepts (SPEC: jpg, jpeg, png). */
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

function emptyForm(): RecordFormState {
  return newFormState({ [COL.date]: todayIso(), [COL.count]: '1' }, crypto.randomUUID());
}

/** Opens the form for a new sighting. */
export function openNewRecord(): void {
  rememberOpener('add-find');
  closePanels();
  pickingLocation.value = false;
  recordForm.value = emptyForm();
}

/** Opens the form on an existing sighting (loaded from the server with its photo). */
export async function openEditRecord(id: number): Promise<void> {
  rememberOpener();
  closePanels();
  pickingLocation.value = false;
  recordForm.value = { ...emptyForm(), mode: 'edit', id, loading: true, pristine: null };
  try {
    const r = await core.getRecord(id);
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.properties)) values[k] = v === null || v === undefined ? '' : String(v);
    if (values[COL.date]) values[COL.date] = values[COL.date]!.slice(0, 10);
    const c = r.geometry?.type === 'Point' ? (r.geometry.coordinates as number[]) : null;
    const hasPhoto = r.attachments.some((a) => !isSoundMime(a.mimeType));
    const photoUrl = hasPhoto ? await findPhotoUrl(id, true).catch(() => null) : null;
    const coord: [number, number] | null = c ? [c[0]!, c[1]!] : null;
    patchForm({
      values,
      coord,
      coordSource: c ? 'stored' : null,
      existingPhotoUrl: photoUrl,
      loading: false,
      pristine: formSnapshot({ values, coord }),
      baseVersion: r.version,
    });
  } catch (e) {
    console.error(e);
    recordForm.value = null;
    notify('error', sl.map.loadError);
  }
}

// 'Popravite označena polja.' stays until the form has no error left (fixed) or is closed.
effect(() => {
  const f = recordForm.value;
  if (!f || Object.keys(f.errors).length === 0) dismissMessage(sl.records.errFormHasErrors);
});

/** Closes the form (nothing is saved). */
export function closeForm(): void {
  const f = recordForm.value;
  if (f?.photo?.previewUrl) URL.revokeObjectURL(f.photo.previewUrl);
  if (f?.existingPhotoUrl) URL.revokeObjectURL(f.existingPhotoUrl);
  pickingLocation.value = false;
  recordForm.value = null;
  returnFocus();
}

/** Takes a picked photo: checks its type, reads EXIF GPS (location) and date (finding date). */
export async function pickPhoto(file: File): Promise<boolean> {
  if (!/\.(jpe?g|png)$/i.test(file.name) && !/^image\/(jpeg|png)$/.test(file.type)) {
    patchForm({ errors: { ...recordForm.value?.errors, photo: sl.records.photoWrongType } });
    return false;
  }
  const info = await core.inspectPhoto(file);
  const f = recordForm.value;
  if (!f) return false;
  if (!info.accepted) {
    patchForm({ errors: { ...f.errors, photo: sl.records.photoWrongType } });
    return false;
  }
  if (f.photo?.previewUrl) URL.revokeObjectURL(f.photo.previewUrl);
  const errors = { ...f.errors };
  delete errors.photo;
  const facts = { gpsCoord: info.gpsCoord, takenOn: info.takenOn, gpsAccuracy: info.gpsAccuracy };
  const { apply, ask } = photoTakeover({ ...f, date: f.values[COL.date] ?? '' }, facts, todayIso());
  patchForm({
    photo: { file, previewUrl: info.preview ? URL.createObjectURL(info.preview) : null, ...facts },
    errors,
    photoQuestion: ask,
  });
  takePhotoFacts(apply);
  return true;
}

function takePhotoFacts(facts: PhotoFactsTaken): void {
  if (facts.gpsCoord) setLocation(facts.gpsCoord, 'photo');
  // The photo's own GPS error (EXIF GPSHPositioningError) fills the accuracy when it comes with the place.
  const metres = recordForm.value?.photo?.gpsAccuracy;
  if (facts.gpsCoord && metres) applyAccuracy(roundMetres(metres), 'photo');
  if (facts.takenOn) setField(COL.date, facts.takenOn);
}

/** Answers the photo question: take the new photo's place and date, or keep the find's own. */
export function answerPhotoQuestion(takeFromPhoto: boolean): void {
  const question = recordForm.value?.photoQuestion;
  if (!question) return;
  patchForm({ photoQuestion: null });
  if (takeFromPhoto) takePhotoFacts(question);
}

/** Validates and saves the form; on failure the form stays open with everything typed. */
export async function submitForm(): Promise<void> {
  const f = recordForm.value;
  if (!f || f.stage) return;
  const errors = validateForm({ values: f.values, coord: f.coord }, insideSlovenia);
  if (Object.keys(errors).length) {
    patchForm({ errors });
    notify('error', sl.records.errFormHasErrors);
    focusFirstError();
    return;
  }
  patchForm({ stage: 'saving', errors: {} });
  if (await askIfDuplicate(f)) {
    patchForm({ stage: null });
    return;
  }
  try {
    const result = await core.saveRecord(
      {
        id: f.id,
        values: f.values,
        coord: f.coord!,
        photo: f.photo?.file ?? null,
        photoName: f.photo?.file.name ?? null,
        idempotencyKey: f.idempotencyKey,
        baseVersion: f.baseVersion,
      },
      proxy((stage) => patchForm({ stage })),
    );
    await saveDraftSound(result.id);
    flashRequest.value = [f.coord![0], f.coord![1]];
    if (result.photoFailed) notify('error', sl.records.photoFailed);
    notify('success', result.created ? sl.records.created : sl.records.updated);
    if (result.offline) notify('info', sl.offline.savedOffline, 5000);
    closeForm();
  } catch (e) {
    console.error(e);
    patchForm({ stage: null });
    // Storage ran out: the Slovenian alert that offline mode will not work here; the form keeps what was typed.
    if (e instanceof Error && e.name === 'QuotaExceededError') quotaAlert.value = true;
    const hint = failureHint(e);
    notify(
      'error',
      `${f.mode === 'create' ? sl.records.createFailed : sl.records.updateFailed}${hint ? `. ${hint}` : ''}`,
    );
  }
}

/** Deletes the edited sighting (after the user confirmed). */
export async function deleteFormRecord(): Promise<void> {
  const f = recordForm.value;
  if (!f || f.id === null) return;
  patchForm({ stage: 'deleting' });
  try {
    await core.deleteRecord(f.id, f.baseVersion);
    notify('success', sl.records.deleted);
    closeForm();
  } catch (e) {
    console.error(e);
    patchForm({ stage: null });
    const hint = failureHint(e);
    notify('error', `${sl.records.deleteFailed}${hint ? `. ${hint}` : ''}`);
  }
}

/** Scrolls to the first field with an error and focuses it, so the user sees what to fix. */
function focusFirstError(): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('.record-panel .has-error');
    field?.scrollIntoView({ block: 'center' });
    field?.querySelector<HTMLElement>('select, input, textarea, button')?.focus({ preventScroll: true });
  });
}
