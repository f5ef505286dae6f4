import { describe, expect, it } from 'vitest';
import { checkSound } from '../../../server/api/attachments/soundFiles.ts';
import { parseRange } from '../../../server/api/attachments/sendSound.ts';
import { cleanFileName } from '../../../server/api/attachments/photoFiles.ts';
import type { HttpError } from '../../../server/http/errors.ts';
import { MAX_SOUND_BYTES, sniffSound } from '../../../domain/sound.ts';
import { mpegFrameSample, soundSample, wavSample } from '../../helpers/soundSamples.ts';

const statusOf = (f: () => unknown): number | null => {
  try {
    f();
    return null;
  } catch (e) {
    return (e as HttpError).status;
  }
};

describe('sounds: the type from the content', () => {
  it('knows each accepted format by its magic bytes', () => {
    expect(sniffSound(soundSample('audio/mpeg'))).toBe('audio/mpeg');
    expect(sniffSound(mpegFrameSample())).toBe('audio/mpeg');
    expect(sniffSound(soundSample('audio/mp4'))).toBe('audio/mp4');
    expect(sniffSound(soundSample('audio/ogg'))).toBe('audio/ogg');
    expect(sniffSound(wavSample())).toBe('audio/wav');
    expect(sniffSound(soundSample('audio/webm'))).toBe('audio/webm');
  });

  it('refuses text, images, other RIFF and MP4 files and broken frame headers', () => {
    expect(sniffSound(Buffer.from('To ni zvok, samo besedilo.'))).toBeNull();
    expect(sniffSound(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull(); // JPEG
    expect(sniffSound(Buffer.from('RIFF\x24\x00\x00\x00AVI LIST', 'latin1'))).toBeNull();
    expect(sniffSound(Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00', 'latin1'))).toBeNull();
    // Frame sync with the reserved version (01) or a free-form bit rate (0000) is no MP3 frame.
    expect(sniffSound(Buffer.from([0xff, 0xeb, 0x90, 0x64]))).toBeNull();
    expect(sniffSound(Buffer.from([0xff, 0xfb, 0x00, 0x64]))).toBeNull();
    expect(sniffSound(Buffer.from('Og'))).toBeNull();
    expect(sniffSound(new Uint8Array())).toBeNull();
  });

  it('checks size before type: 413 over 10 MB, 400 empty or not audio', () => {
    expect(statusOf(() => checkSound(soundSample('audio/ogg'), MAX_SOUND_BYTES + 1))).toBe(413);
    expect(checkSound(soundSample('audio/ogg'), MAX_SOUND_BYTES)).toBe('audio/ogg');
    expect(statusOf(() => checkSound(new Uint8Array(), 0))).toBe(400);
    expect(statusOf(() => checkSound(Buffer.from('ID4 not a tag'), 13))).toBe(400);
  });

  it('names an unnamed sound by its type', () => {
    expect(cleanFileName('', 'audio/webm')).toBe('zvok.webm');
    expect(cleanFileName(undefined, 'audio/mp4')).toBe('zvok.m4a');
    expect(cleanFileName('../klic.mp3', 'audio/mpeg')).toBe('klic.mp3');
  });
});

describe('sounds: byte ranges', () => {
  it('reads single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('bad');
    expect(parseRange('bytes=9-3', 100)).toBe('bad');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
