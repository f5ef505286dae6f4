import { MAX_SOUND_BYTES, type SoundMime } from '../../../domain/sound.ts';
import { HttpError, badRequest } from '../../http/errors.ts';

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

/**
 * Checks a sound's size and type: 413 above MAX_SOUND_BYTES, 400 when the content is not one of
 * the accepted audio formats (whatever its name or declared type). `head` is the file's first
 * SOUND_SNIFF_BYTES bytes (or all of it), `size` its whole size.
 */
export function checkSound(head: Uint8Array, size: number): SoundMime {
  if (size > MAX_SOUND_BYTES) throw new HttpError(413, 'A sound may be at most 10 MB');
  if (size === 0) throw badRequest('The sound is empty');
  const mime = sniffSound(head);
  if (!mime) throw badRequest('Only MP3, M4A, Ogg, WAV and WebM sounds are accepted');
  return mime;
}
