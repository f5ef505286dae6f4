import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import type { TestServer } from './helpers/server.ts';
import { startSignedInByName } from './helpers/signedIn.ts';
import { call as request, type Answer, type CallInit } from '../helpers/http.ts';
import { mpegFrameSample, soundSample, wavSample } from '../helpers/soundSamples.ts';
import { MAX_SOUND_BYTES } from '../../domain/sound.ts';

/**
 * Sounds of a find (domain/sound.ts) against the real server, on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: an upload with Kind=sound is accepted by its content only (MP3, M4A, Ogg, WAV, WebM),
 * refused with 400 otherwise and 413 over 10 MB; it is served with its type and byte ranges, and
 * the exports list it (multimedia.txt: dc:type Sound; CSV / GeoJSON: the sound's URL).
 */
let server: TestServer;
let token: Record<'ana' | 'pregled', string>;
let recordId = 0;

const call = (path: string, init: CallInit = {}): Promise<Answer> => request(server.url, path, init);

/** An upload form of a sound for `recordId`. */
function soundForm(file: Buffer, name: string, kind: string | null = 'sound', type = 'audio/mpeg'): FormData {
  const form = new FormData();
  form.append('TableId', '48');
  form.append('RecordId', String(recordId));
  form.append('TableAttachmentInfoId', '1');
  if (kind !== null) form.append('Kind', kind);
  form.append('File', new Blob([new Uint8Array(file)], { type }), name);
  return form;
}

const upload = (form: FormData): Promise<Answer> => call('/api/Records/35/attachment', { token: token.ana, form });

beforeAll(async () => {
  ({ server, token } = await startSignedInByName('ana', 'pregled'));
  // A public find of ana (the species does not matter here).
  const created = await call('/api/Features/35/48', {
    token: token.ana,
    body: {
      type: 'Feature',
      overwrite: true,
      geometry: { type: 'Point', coordinates: lonLatToMercator(14.51, 46.05) },
      properties: { 980: 1105, 2066: true },
    },
  });
  expect(created.status).toBe(201);
  recordId = created.body.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('sound uploads', () => {
  it('refuses a text file named .mp3 and sent as audio/mpeg with 400 JSON', async () => {
    const r = await upload(soundForm(Buffer.from('Rega kvaka, a to je samo besedilo.\n'), 'klic.mp3'));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, error: 'Bad Request', message: expect.stringMatching(/MP3/) });
  });

  it('refuses a photo sent as a sound (400) and a sound sent as a photo (415: photos stay JPEG/PNG)', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect((await upload(soundForm(jpeg, 'klic.m4a'))).status).toBe(400);
    expect((await upload(soundForm(wavSample(), 'klic.wav', null))).status).toBe(415);
    expect((await upload(soundForm(wavSample(), 'klic.wav', 'video'))).status).toBe(400);
  });

  it('refuses a sound over 10 MB with 413', async () => {
    const big = soundSample('audio/ogg', MAX_SOUND_BYTES);
    const r = await upload(soundForm(big, 'dolg.ogg'));
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ status: 413, error: 'Payload Too Large' });
  });

  it('accepts each format by its content, whatever its name and declared type, and serves it with that type', async () => {
    const samples: [Buffer, string][] = [
      [soundSample('audio/mpeg'), 'audio/mpeg'],
      [mpegFrameSample(), 'audio/mpeg'],
      [soundSample('audio/mp4'), 'audio/mp4'],
      [soundSample('audio/ogg'), 'audio/ogg'],
      [wavSample(), 'audio/wav'],
      [soundSample('audio/webm'), 'audio/webm'],
    ];
    const before = (await call(`/api/Features/35/48/${recordId}/detailed`, { token: token.ana })).body.attachments
      .length as number;
    for (const [bytes, mime] of samples) {
      // Named and declared as something else: only the content counts.
      const r = await upload(soundForm(bytes, 'posnetek.bin', 'sound', 'application/octet-stream'));
      expect(r.status, mime).toBe(201);
      expect(r.body).toMatchObject({ recordId, mimeType: mime, size: bytes.length, name: 'posnetek.bin' });
      const got = await call(`/api/Records/35/attachment/${r.body.id}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(mime);
      expect(got.headers.get('accept-ranges')).toBe('bytes');
      expect(got.bytes.equals(bytes)).toBe(true);
    }
    const after = (await call(`/api/Features/35/48/${recordId}/detailed`, { token: token.ana })).body.attachments;
    expect(after.length - before).toBe(samples.length);
    // Back to at most two sounds: the record may hold 10 attachments.
    for (const a of after.slice(0, -1)) {
      const d = await call(`/api/Records/35/attachment/${a.id}`, { method: 'DELETE', token: token.ana });
      expect(d.status).toBe(200);
    }
  });

  it('answers byte ranges with 206 and Content-Range, and an unsatisfiable one with 416', async () => {
    const wav = wavSample();
    const r = await upload(soundForm(wav, 'klic.wav'));
    expect(r.status).toBe(201);
    const part = await call(`/api/Records/35/attachment/${r.body.id}`, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${wav.length}`);
    expect(part.bytes.equals(wav.subarray(10, 20))).toBe(true);
    const past = await call(`/api/Records/35/attachment/${r.body.id}`, { headers: { range: `bytes=${wav.length}-` } });
    expect(past.status).toBe(416);
  });
});

describe('sounds in exports', () => {
  it('lists the sound: multimedia.txt with dc:type Sound and its type, CSV and GeoJSON with its URL', async () => {
    const ogg = await upload(soundForm(soundSample('audio/ogg'), 'rega.ogg'));
    expect(ogg.status).toBe(201);
    // Only confirmed finds are in the Darwin Core Archive: the reviewer confirms it.
    const review = await call(`/api/Records/35/48/${recordId}/review`, { token: token.pregled, body: { status: 1 } });
    expect(review.status).toBeLessThan(300);
    const url = `${server.url}/api/Records/35/attachment/${ogg.body.id}`;

    const zip = await call('/api/Export/35/48/dwca');
    expect(zip.status).toBe(200);
    const media = strFromU8(unzipSync(new Uint8Array(zip.bytes))['multimedia.txt']!).split('\n');
    const head = media[0]!.split('\t');
    const row = media.map((l) => l.split('\t')).find((cells) => cells[head.indexOf('identifier')] === url);
    expect(row).toBeDefined();
    expect(row![head.indexOf('type')]).toBe('Sound');
    expect(row![head.indexOf('format')]).toBe('audio/ogg');
    expect(row![0]).toBe(`urn:sporoci-vrsto:35:48:${recordId}`);
    const photoRows = media.slice(1).filter((l) => l && l.split('\t')[head.indexOf('format')]!.startsWith('image/'));
    expect(photoRows.length).toBeGreaterThan(0);
    for (const l of photoRows) expect(l.split('\t')[head.indexOf('type')]).toBe('StillImage');

    const fc = (await call('/api/Export/35/48/geojson?speciesId=1105', { token: token.ana })).body;
    const find = fc.features.find((f: { id: number }) => f.id === recordId);
    expect(find.properties['Zvočni posnetki'].split(' ')).toContain(url);
    expect(find.properties['Fotografije']).toBeNull();

    const csv = await call('/api/Export/35/48/csv?speciesId=1105', { token: token.ana });
    const lines = csv.bytes.toString('utf8').split('\r\n');
    const col = lines[0]!.split(';').indexOf('Zvočni posnetki');
    expect(col).toBeGreaterThan(0);
    expect(
      lines
        .find((l) => l.startsWith(`${recordId};`))
        ?.split(';')
        [col]?.split(' '),
    ).toContain(url);
  });
});
