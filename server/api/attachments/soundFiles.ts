import { MAX_SOUND_BYTES, sniffSound, type SoundMime } from '../../../domain/sound.ts';
import { HttpError, badRequest } from '../../http/errors.ts';

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
