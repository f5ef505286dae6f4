import { signal } from '@preact/signals-react';

/** A sound in the report form: its bytes, a URL to play them, and its type. */
export interface DraftSound {
  blob: Blob;
  url: string;
  mimeType: string;
}

/** The report form's sound (domain/sound.ts): the find's current one, a new one, or its removal. */
export interface SoundDraft {
  /** The form it belongs to (its idempotency key): a new form starts a new draft. */
  formKey: string;
  /** The find's sound when the form opened: on the server (attachmentId) or waiting on the device (null). */
  existing: (DraftSound & { attachmentId: number | null }) | null;
  /** A new recording or picked file, to save with the find. */
  next: DraftSound | null;
  /** True when the user removed the existing sound. */
  removed: boolean;
  /** A Slovenian message about the sound (too big, not audio, no microphone), or null. */
  error: string | null;
}

/** An empty draft of the form `formKey`. */
export const emptySoundDraft = (formKey: string): SoundDraft => ({
  formKey,
  existing: null,
  next: null,
  removed: false,
  error: null,
});

/** The open form's sound. */
export const soundDraft = signal<SoundDraft>(emptySoundDraft(''));

/** Updates the draft, when it still belongs to form `formKey`. */
export function patchSoundDraft(formKey: string, patch: Partial<SoundDraft>): void {
  if (soundDraft.value.formKey === formKey) soundDraft.value = { ...soundDraft.value, ...patch };
}
