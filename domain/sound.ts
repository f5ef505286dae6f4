/**
 * Sounds of a find (amphibians are found by their call): one rule for every side. A sound is an
 * attachment whose stored type, found by the server from its content, is audio.
 */

/** The largest sound accepted: 10 MB (two minutes of Opus or AAC take ~1-2 MB; a WAV of that length ~10 MB at 44.1 kHz mono 16 bit). */
export const MAX_SOUND_BYTES = 10 * 1024 * 1024;

/** The longest recording the app makes: two minutes. */
export const MAX_RECORDING_MS = 2 * 60 * 1000;

/** Audio types the server accepts, as it stores them (found from the content). */
export type SoundMime = 'audio/mpeg' | 'audio/mp4' | 'audio/ogg' | 'audio/wav' | 'audio/webm';

/** The file name ending of each accepted audio type. */
export const SOUND_EXTENSIONS: Record<SoundMime, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/webm': 'webm',
};

/** The value of the upload form's `Kind` field that asks for a sound (absent: a photo). */
export const SOUND_KIND = 'sound';

/** True when an attachment's stored type is audio: it is a sound, not a photo. */
export function isSoundMime(mimeType: string): boolean {
  return mimeType.toLowerCase().startsWith('audio/');
}
