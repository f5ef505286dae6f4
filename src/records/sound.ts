import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { notify } from '../state/notices.ts';
import { emptySoundDraft, patchSoundDraft, soundDraft, type DraftSound } from '../state/soundDraft.ts';
import { MAX_SOUND_BYTES, SOUND_EXTENSIONS } from '../../domain/sound.ts';
import type { SoundChange } from '../../worker/api.ts';

/** What the sound picker offers: the accepted endings and their types (the server checks the content). */
export const SOUND_ACCEPT = [
  ...Object.values(SOUND_EXTENSIONS).map((e) => `.${e}`),
  '.mp4',
  ...Object.keys(SOUND_EXTENSIONS),
].join(',');

/** Minutes and seconds, e.g. 1:05. */
export function formatClock(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const draftSound = (blob: Blob, mimeType: string): DraftSound => ({ blob, mimeType, url: URL.createObjectURL(blob) });

/** Starts the draft of form `formKey`; for an edited find, loads its current sound. */
export async function loadDraft(formKey: string, editId: number | null): Promise<void> {
  soundDraft.value = emptySoundDraft(formKey);
  if (editId === null) return;
  try {
    const s = await core.getSound(editId);
    if (!s) return;
    patchSoundDraft(formKey, {
      existing: { ...draftSound(s.blob, s.mimeType), attachmentId: s.attachmentId },
      error: s.refused ? sl.sound.refused(s.refused) : null,
    });
  } catch (e) {
    console.error(e);
    patchSoundDraft(formKey, { error: sl.sound.loadFailed });
  }
}

/** Frees the draft's object URLs when its form closes. */
export function releaseDraft(formKey: string): void {
  const d = soundDraft.value;
  if (d.formKey !== formKey) return;
  for (const s of [d.existing, d.next]) if (s) URL.revokeObjectURL(s.url);
  soundDraft.value = emptySoundDraft('');
}

/** Replaces the draft's new sound. */
function setNext(formKey: string, s: DraftSound | null, error: string | null = null): void {
  const old = soundDraft.value.next;
  if (old && soundDraft.value.formKey === formKey) URL.revokeObjectURL(old.url);
  patchSoundDraft(formKey, { next: s, error });
}

/** A finished recording becomes the draft's new sound (unless over 10 MB). */
export function recordedSound(formKey: string, blob: Blob, mimeType: string, autoStopped: boolean): void {
  if (blob.size > MAX_SOUND_BYTES) return setNext(formKey, null, sl.sound.tooBig);
  setNext(formKey, draftSound(blob, mimeType));
  if (autoStopped) notify('info', sl.sound.autoStopped);
}

/** A picked file becomes the draft's new sound when it is an accepted sound by its content, at most 10 MB. */
export async function pickSound(formKey: string, file: File): Promise<void> {
  if (file.size > MAX_SOUND_BYTES) return setNext(formKey, null, sl.sound.tooBig);
  const mime = await core.inspectSound(file).catch(() => null);
  if (!mime) return setNext(formKey, null, sl.sound.notAudio);
  setNext(formKey, draftSound(file, mime));
}

/** What saving the form does with the find's sound, or null for nothing. */
export function draftChange(): SoundChange | null {
  const d = soundDraft.value;
  const replaces = d.existing?.attachmentId ?? null;
  if (d.next) return { type: 'add', blob: d.next.blob, mimeType: d.next.mimeType, replaces };
  if (d.removed && d.existing) return { type: 'remove', attachmentId: replaces };
  return null;
}

/** After the find saved as `recordId`: its sound change goes to the core's queue (it is uploaded once, now or later). */
export async function saveDraftSound(recordId: number): Promise<void> {
  const change = draftChange();
  if (!change) return;
  try {
    await core.saveSound(recordId, change);
  } catch (e) {
    console.error(e);
    notify('error', sl.sound.saveFailed);
  }
}
