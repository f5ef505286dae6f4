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

/** The bytes sniffSound needs from the start of a file. */
export const SOUND_SNIFF_BYTES = 16;

const ascii = (data: Uint8Array, at: number, text: string): boolean =>
  data.length >= at + text.length && [...text].every((c, i) => data[at + i] === c.charCodeAt(0));

/** The `ftyp` major brands of audio in an MP4 container (M4A, AAC in MP4 as Safari records it, MP4 with audio). */
const MP4_BRANDS = ['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'iso5', 'iso6', 'dash', '3gp4', '3gp5', '3gp6'];

/** True for an MPEG audio frame header: 11 set sync bits, a valid version, layer, bit rate and sample rate. */
function mpegFrame(d: Uint8Array): boolean {
  if (d.length < 4 || d[0] !== 0xff || ((d[1] ?? 0) & 0xe0) !== 0xe0) return false;
  const b1 = d[1] ?? 0;
  const b2 = d[2] ?? 0;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/**
 * The audio type from the magic bytes of a file, or null for anything else: an ID3 tag or an
 * MPEG frame sync (mp3), an `ftyp` box with an audio/MP4 brand (m4a, mp4), `OggS` (ogg),
 * `RIFF....WAVE` (wav), the EBML header 1A 45 DF A3 (webm). Never the name or a declared type.
 */
export function sniffSound(d: Uint8Array): SoundMime | null {
  if (ascii(d, 0, 'ID3') || mpegFrame(d)) return 'audio/mpeg';
  if (ascii(d, 4, 'ftyp') && MP4_BRANDS.some((b) => ascii(d, 8, b))) return 'audio/mp4';
  if (ascii(d, 0, 'OggS')) return 'audio/ogg';
  if (ascii(d, 0, 'RIFF') && ascii(d, 8, 'WAVE')) return 'audio/wav';
  if (d.length >= 4 && d[0] === 0x1a && d[1] === 0x45 && d[2] === 0xdf && d[3] === 0xa3) return 'audio/webm';
  return null;
}
