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
  savedAccuracy,
  setLocation,
  type PickedPhoto,
  type RecordFormState,
} from '../state/recordForm.ts';
import {
  MAX_PHOTOS,
  addPhotos,
  photoListSnapshot,
  photosToSave,
  type FormPhotoItem,
  type PhotoList,
} from './photoList.ts';
import { newFormState } from './newForm.ts';
import { COL } from '../../domain/columns.ts';
import { saveDraftSound } from './sound.ts';
import { OFFLINE_PHOTO_LAYOUT } from '../../domain/attachments.ts';
import { insideSlovenia } from './location.ts';
import { photoTakeover, type PhotoFactsTaken } from './photoTakeover.ts';
import { todayIso, validateForm } from './validate.ts';
import { failureHint } from '../ui/errors.ts';
import { flashRequest } from '../map/port/mapState.ts';
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
  void core.preparePhotos();
}

/** Opens the form on an existing sighting (loaded from the server with its photo). */
export async function openEditRecord(id: number): Promise<void> {
  rememberOpener();
  closePanels();
  pickingLocation.value = false;
  recordForm.value = { ...emptyForm(), mode: 'edit', id, loading: true, pristine: null };
  void core.preparePhotos();
  try {
    const r = await core.getRecord(id);
    if (r.basicOnly) {
      // Offline with only the layer copy's columns: saving them would overwrite the server's full record.
      recordForm.value = null;
      notify('info', sl.shortInfo.editNeedsConnection);
      return;
    }
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.properties)) values[k] = v === null || v === undefined ? '' : String(v);
    if (values[COL.date]) values[COL.date] = values[COL.date]!.slice(0, 10);
    const c = r.geometry?.type === 'Point' ? (r.geometry.coordinates as number[]) : null;
    const photos = await storedPhotos(id);
    const coord: [number, number] | null = c ? [c[0]!, c[1]!] : null;
    patchForm({
      values,
      coord,
      coordSource: c ? 'stored' : null,
      accuracy: c && typeof r.accuracyMetres === 'number' ? { metres: r.accuracyMetres, source: 'stored' } : null,
      photos,
      photosPristine: photoListSnapshot(photos),
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

/** The photos an edited find has, as the form's list (thumbnails; none when they cannot be read). */
async function storedPhotos(id: number): Promise<PhotoList> {
  const found = await core.getPhotos(id, true).catch(() => []);
  const items: FormPhotoItem[] = found.map((p) => ({
    key: `stored-${p.id}`,
    source: { kind: 'stored', id: p.id },
    previewUrl: URL.createObjectURL(p.blob),
  }));
  const cover = found.find((p) => p.cover);
  return { items, cover: cover ? `stored-${cover.id}` : null };
}

// 'Popravite označena polja.' stays until the form has no error left (fixed) or is closed.
effect(() => {
  const f = recordForm.value;
  if (!f || Object.keys(f.errors).length === 0) dismissMessage(sl.records.errFormHasErrors);
});

/** Closes the form (nothing is saved). */
export function closeForm(): void {
  const f = recordForm.value;
  for (const p of f?.photos.items ?? []) if (p.previewUrl) URL.revokeObjectURL(p.previewUrl);
  pickingLocation.value = false;
  recordForm.value = null;
  returnFocus();
}

/** True for a file the picker takes by its name or type (jpg, jpeg, png); its bytes are checked in the core. */
function looksLikePhoto(file: File): boolean {
  return /\.(jpe?g|png)$/i.test(file.name) || /^image\/(jpeg|png)$/.test(file.type);
}

/**
 * Takes picked photos (several at once from the picker, or one from the camera): checks each one's
 * type, makes its preview and adds it after the others, at most MAX_PHOTOS in all. The first one
 * with a place or a date gives them to the find (EXIF GPS → location, capture day → finding date),
 * or asks first when the find has its own. True when at least one was taken.
 */
export async function pickPhotos(files: readonly File[]): Promise<boolean> {
  const added: FormPhotoItem[] = [];
  let facts: PickedPhoto | null = null;
  let wrongType = false;
  for (const file of files) {
    if (!looksLikePhoto(file)) {
      wrongType = true;
      continue;
    }
    const info = await core.inspectPhoto(file);
    if (!info.accepted) {
      wrongType = true;
      continue;
    }
    const preview = info.preview ? URL.createObjectURL(info.preview) : null;
    added.push({ key: crypto.randomUUID(), source: { kind: 'new', file }, previewUrl: preview });
    if (!facts || (!facts.gpsCoord && !facts.takenOn))
      facts = { gpsCoord: info.gpsCoord, takenOn: info.takenOn, gpsAccuracy: info.gpsAccuracy };
  }
  const f = recordForm.value;
  if (!f) {
    for (const a of added) if (a.previewUrl) URL.revokeObjectURL(a.previewUrl);
    return false;
  }
  const { refused, ...photos } = addPhotos(f.photos, added);
  for (const r of refused) if (r.previewUrl) URL.revokeObjectURL(r.previewUrl);
  const errors = { ...f.errors };
  delete errors.photo;
  if (refused.length) errors.photo = sl.records.photoTooMany(MAX_PHOTOS);
  else if (wrongType) errors.photo = sl.records.photoWrongType;
  if (!facts || refused.length === added.length) {
    patchForm({ photos, errors });
    return added.length > refused.length;
  }
  const { apply, ask } = photoTakeover({ ...f, date: f.values[COL.date] ?? '' }, facts, todayIso());
  patchForm({ photo: facts, photos, errors, photoQuestion: ask });
  takePhotoFacts(apply);
  return true;
}

/** Changes the form's photos (move, cover, remove) through one of photoList.ts's steps. */
export function changePhotos(step: (list: PhotoList) => PhotoList): void {
  const f = recordForm.value;
  if (!f) return;
  const photos = step(f.photos);
  for (const p of f.photos.items) if (p.previewUrl && !photos.items.includes(p)) URL.revokeObjectURL(p.previewUrl);
  const errors = { ...f.errors };
  delete errors.photo;
  patchForm({ photos, errors });
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
        accuracyMetres: savedAccuracy(f),
        ...photosToSave(f.photos),
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
    if (e instanceof Error && e.name === OFFLINE_PHOTO_LAYOUT) {
      patchForm({ errors: { ...recordForm.value?.errors, photo: sl.records.photoOfflineLayout } });
      notify('error', sl.records.photoOfflineLayout);
      return;
    }
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
