/**
 * Small sound files of each accepted format for the tests, built byte by byte: a real 16-bit PCM
 * WAV, and for MP3, M4A, Ogg and WebM the container's opening (what the server's content check
 * reads, server/api/attachments/soundFiles.ts) followed by `pad` bytes.
 */

const ascii = (s: string): Buffer => Buffer.from(s, 'latin1');

/** A mono 8 kHz WAV of `ms` milliseconds of a 440 Hz tone. */
export function wavSample(ms = 200): Buffer {
  const rate = 8000;
  const n = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** The opening bytes of each accepted format but WAV, by its stored type. */
const OPENINGS = {
  // An ID3v2.4 tag header (no frames).
  'audio/mpeg': Buffer.concat([ascii('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0])]),
  // An 'ftyp' box of brand 'M4A ' as iTunes and Safari write it.
  'audio/mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x20]), ascii('ftypM4A '), Buffer.alloc(4), ascii('M4A mp42isom')]),
  // The first Ogg page header (capture pattern, version 0, beginning of stream).
  'audio/ogg': Buffer.concat([ascii('OggS'), Buffer.from([0, 2])]),
  // The EBML magic of a Matroska/WebM file.
  'audio/webm': Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]),
} as const;

/** A file of the given type: its opening and `pad` more bytes. */
export function soundSample(mime: keyof typeof OPENINGS, pad = 1000): Buffer {
  return Buffer.concat([OPENINGS[mime], Buffer.alloc(pad, 0x55)]);
}

/** A bare MPEG-1 Layer III frame header (128 kbit/s, 44.1 kHz) without an ID3 tag, and `pad` bytes. */
export function mpegFrameSample(pad = 1000): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(pad)]);
}
