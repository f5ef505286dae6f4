import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../worker/http/client.ts';
import { RecordService } from '../../worker/records/service.ts';
import type { AttachmentRow } from '../../worker/store/db.ts';
import { uploadName } from '../../worker/sync/localRows.ts';
import { sendPhoto } from '../../worker/sync/send.ts';
import { startSignedIn } from './helpers/signedIn.ts';
import { attachmentForm } from './helpers/attachmentForm.ts';
import type { TestServer } from './helpers/server.ts';
import { call, sighting } from './reliability/lib.ts';

/**
 * POST /api/Records/{p}/attachment with an Idempotency-Key (issue #19): a photo is stored once
 * however often its upload is repeated or raced. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (startServer makes a fresh database).
 */

let server: TestServer;
let ana: string;
let bor: string;
const run = Math.random().toString(36).slice(2, 8);
let keyCount = 0;
const newKey = (): string => `photo-${run}-${++keyCount}`;

const image = (shade: number): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 100, b: 200 } } })
    .jpeg()
    .toBuffer();

/** An upload of `file` to record `recordId` of table 48, with `key` as Idempotency-Key when given. */
function upload(token: string, recordId: number, file: Buffer, key?: string, name = 'foto.jpg') {
  const form = attachmentForm(recordId, new Blob([new Uint8Array(file)], { type: 'image/jpeg' }), name);
  return call(server.url, '/api/Records/35/attachment', {
    token,
    form,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });
}

/** A new record of table 48 made by `token`'s user; its id. */
async function newRecord(token: string): Promise<number> {
  const r = await call(server.url, '/api/Features/35/48', { token, body: { ...sighting(), overwrite: true } });
  expect(r.status).toBe(201);
  return r.body.id as number;
}

/** The attachment ids of a record (GET detailed). */
async function attachmentIds(token: string, recordId: number): Promise<number[]> {
  const r = await call(server.url, `/api/Features/35/48/${recordId}/detailed`, { token });
  expect(r.status).toBe(200);
  return (r.body.attachments as Array<{ id: number }>).map((a) => a.id);
}

beforeAll(async () => {
  [server, ana, bor] = await startSignedIn('ana@example.si', 'bor@example.si');
});
afterAll(() => server?.stop());

describe(`photo uploads with an Idempotency-Key (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('stores a photo once: a repeat answers 200 with the first attachment, and the first bytes stay', async () => {
    const rec = await newRecord(ana);
    const key = newKey();
    const first = await upload(ana, rec, await image(10), key, 'prva.jpg');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: expect.any(Number),
      recordId: rec,
      tableAttachmentInfoId: 1,
      name: 'prva.jpg',
    });
    const again = await upload(ana, rec, await image(250), key, 'druga.jpg');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await attachmentIds(ana, rec)).toEqual([first.body.id]);
    const bytes = await fetch(`${server.url}/api/Records/35/attachment/${first.body.id}`).then((r) => r.arrayBuffer());
    expect(Buffer.from(bytes).equals(await image(10))).toBe(true);
  });

  it('stores a photo once when uploads with the same key race', async () => {
    const rec = await newRecord(ana);
    const photo = await image(20);
    let expectedCount = 0;
    for (let round = 0; round < 5; round++) {
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: round === 0 ? 2 : 4 }, () => upload(ana, rec, photo, key)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expectedCount++;
      expect(await attachmentIds(ana, rec)).toHaveLength(expectedCount);
    }
  });

  it('scopes keys to the caller: the same key of another user is independent', async () => {
    const anaRec = await newRecord(ana);
    const borRec = await newRecord(bor);
    const key = newKey();
    const a = await upload(ana, anaRec, await image(30), key);
    expect(a.status).toBe(201);
    // Ana's key on Ana's record replays nothing to Bor: his key is his own, and he is not the creator.
    expect((await upload(bor, anaRec, await image(30), key)).status).toBe(403);
    const b = await upload(bor, borRec, await image(40), key);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.body.recordId).toBe(borRec);
    expect((await upload(bor, borRec, await image(40), key)).body.id).toBe(b.body.id);
    expect((await upload(ana, anaRec, await image(30), key)).body.id).toBe(a.body.id);
    expect(await attachmentIds(ana, anaRec)).toEqual([a.body.id]);
    expect(await attachmentIds(bor, borRec)).toEqual([b.body.id]);
  });

  it('refuses a key used for a photo of another record with 409', async () => {
    const one = await newRecord(ana);
    const two = await newRecord(ana);
    const key = newKey();
    expect((await upload(ana, one, await image(50), key)).status).toBe(201);
    const other = await upload(ana, two, await image(50), key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      status: 409,
      error: 'Conflict',
      message: expect.stringMatching(/Idempotency-Key/),
    });
    expect(await attachmentIds(ana, two)).toEqual([]);
    expect(await attachmentIds(ana, one)).toHaveLength(1);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const rec = await newRecord(ana);
    for (const bad of ['', 'with space', 'x'.repeat(201), 'caf\u00e9', 'tab\there']) {
      const r = await upload(ana, rec, await image(60), bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message).toMatch(/Idempotency-Key/);
    }
    expect((await upload(ana, rec, await image(60), 'x'.repeat(200))).status).toBe(201);
    expect(await attachmentIds(ana, rec)).toHaveLength(1);
  });

  it('without a key every upload adds an attachment (as before)', async () => {
    const rec = await newRecord(ana);
    const photo = await image(70);
    const a = await upload(ana, rec, photo);
    const b = await upload(ana, rec, photo);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(await attachmentIds(ana, rec)).toEqual([a.body.id, b.body.id]);
  });

  it('replays the upload that filled a record (10 attachments) instead of refusing it', async () => {
    const rec = await newRecord(ana);
    const photo = await image(80);
    let last: Awaited<ReturnType<typeof upload>> | null = null;
    const key = newKey();
    for (let i = 0; i < 10; i++) last = await upload(ana, rec, photo, i === 9 ? key : undefined);
    expect(last?.status).toBe(201);
    const again = await upload(ana, rec, photo, key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(last?.body.id);
    expect((await upload(ana, rec, photo, newKey())).status).toBe(400);
  });

  it("forgets a key with its deleted attachment, like a create's key with its record", async () => {
    const rec = await newRecord(ana);
    const key = newKey();
    const first = await upload(ana, rec, await image(90), key);
    expect(
      (await call(server.url, `/api/Records/35/attachment/${first.body.id}`, { method: 'DELETE', token: ana })).status,
    ).toBe(200);
    const again = await upload(ana, rec, await image(90), key);
    expect(again.status).toBe(201);
    expect(await attachmentIds(ana, rec)).toEqual([again.body.id]);
  });

  it('documents the header in /api/openapi.json', async () => {
    const doc = (await call(server.url, '/api/openapi.json')).body;
    const op = doc.paths['/api/Records/{projectId}/attachment'].post;
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '201', '409']));
  });
});

/**
 * A loopback proxy in front of the real server that can hold the next photo upload (its body
 * read, the client's connection cut, nothing forwarded yet) until `release()`, then forwards it —
 * the upload reaches its commit after its client gave up and retried — and, as a control, strip
 * the Idempotency-Key of uploads.
 */
class HoldingProxy {
  url = '';
  stripKeys = false;
  private server: Server | null = null;
  private held: { release: () => void; done: Promise<number> } | null = null;
  private holdNext = false;

  async start(target: string): Promise<this> {
    this.server = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k))
            headers[k] = v;
        }
        const upload = req.method === 'POST' && (req.url ?? '').endsWith('/attachment');
        if (upload && this.stripKeys) delete headers['idempotency-key'];
        const forward = () =>
          fetch(`${target}${req.url}`, {
            method: req.method ?? 'GET',
            headers,
            ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
          });
        if (upload && this.holdNext) {
          this.holdNext = false;
          let release = () => {};
          const gate = new Promise<void>((r) => {
            release = r;
          });
          this.held = { release, done: gate.then(forward).then((r) => r.status) };
          res.destroy(); // the client sees its connection break and gives up; the upload goes on later
          return;
        }
        const r = await forward();
        const body = Buffer.from(await r.arrayBuffer());
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/octet-stream' });
        res.end(body);
      })().catch(() => res.destroy());
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Holds the next photo upload. */
  holdNextUpload(): void {
    this.holdNext = true;
  }

  /** Forwards the held upload now; resolves with the real server's status for it. */
  release(): Promise<number> {
    const h = this.held;
    if (!h) throw new Error('No upload held');
    this.held = null;
    h.release();
    return h.done;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

describe("the worker's outbox upload (sendPhoto) against the real server, the first upload committing after the retry", () => {
  for (const stripKeys of [false, true]) {
    it(
      stripKeys ? 'CONTROL, key stripped by the proxy: the photo is stored twice' : 'stores the photo once',
      async () => {
        const proxy = await new HoldingProxy().start(server.url);
        try {
          proxy.stripKeys = stripKeys;
          const rec = await newRecord(ana);
          expect((await upload(ana, rec, await image(100), undefined, 'stara.jpg')).status).toBe(201);
          const service = new RecordService(new HttpClient({ origin: proxy.url, token: () => ana }), {
            projectId: 35,
            tableId: 48,
            attachmentInfoId: 1,
          });
          const bytes = await image(110);
          const row: AttachmentRow = {
            id: 1,
            tableId: 48,
            featureId: rec,
            tableAttachmentInfoId: 1,
            name: 'fotografija.jpg',
            mimeType: 'image/jpeg',
            size: bytes.length,
            arrayBuffer: new Uint8Array(bytes).buffer,
            isInsert: 1,
            isEdit: 0,
            isDelete: 0,
            projectId: 35,
          };
          const changeId = randomUUID();

          proxy.holdNextUpload();
          const first = await sendPhoto(service, rec, changeId, row); // upload held: the client gives up
          expect(first.outcome.type).toBe('transient');
          const retry = await sendPhoto(service, rec, changeId, row); // the name is not on the server yet: sent again
          expect(retry.outcome).toEqual({ type: 'ok' });
          const late = await proxy.release();
          expect(late).toBe(stripKeys ? 201 : 200);

          const r = await call(server.url, `/api/Features/35/48/${rec}/detailed`, { token: ana });
          const names = (r.body.attachments as Array<{ name: string }>).map((a) => a.name);
          const name = uploadName(changeId, row);
          // Added after the record's own photo, which stays.
          expect(names).toEqual(stripKeys ? ['stara.jpg', name, name] : ['stara.jpg', name]);
        } finally {
          await proxy.stop();
        }
      },
    );
  }
});
