/**
 * A small in-process stand-in for the platform's write API (node:http on 127.0.0.1, port 0):
 * create with Idempotency-Key, update, delete, detailed, attachment upload (with Idempotency-Key,
 * as server/api/attachments/routes.ts) and delete, with the real server's ownership and STATUS rules, and
 * injectable faults.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Attachment } from '../../../../domain/model.ts';

/** What can go wrong with one request. */
export type Fault = '500' | 'drop' | 'lose' | 'stall' | '401';

/** A stored photo: the platform's Attachment, its bytes as text and the Idempotency-Key it was uploaded with. */
export interface FakeAttachment extends Attachment {
  content: string;
  key?: string;
}

/** A stored record. */
export interface FakeRecord {
  id: number;
  properties: Record<string, unknown>;
  geometry: unknown;
  owner: string;
  attachments: FakeAttachment[];
  /** The location's accuracy in metres as last sent (absent: never sent). */
  accuracyMetres?: number | null;
}

/** A request as fault rules see it. */
export interface Req {
  method: string;
  path: string;
}

/**
 * A fault for the next request that matches (used once). `hold`: the request waits for the
 * promise before it is handled; with `cut`, its connection is broken at once (the client gives
 * up at once, without waiting for its time-out) and the request is still handled later.
 */
export interface FaultRule {
  match: (r: Req) => boolean;
  /** `tooMany`: answered 429 with that Retry-After (seconds), as the server's write limit does. */
  fault: Fault | { hold: Promise<void>; cut?: boolean } | { tooMany: number };
}

type Reply = { status: number; body: unknown };

const SPECIAL = ['974', '2066', '1820'];
const fail = (status: number, message: string): Reply => ({ status, body: { status, error: String(status), message } });

/** The fake server. */
export class FakeServer {
  readonly records = new Map<number, FakeRecord>();
  readonly keys = new Map<string, number>();
  nextId = 1000;
  private nextAttachmentId = 1;
  token = 'token-1';
  email = 'ana@example.si';
  stallMs = 2000;
  /** Faults for the next matching requests, first match wins. */
  readonly rules: FaultRule[] = [];
  /** Random faults on write requests and detailed reads. */
  chaos: { rate: number; kinds: Fault[]; rng: () => number; maxStalls: number } | null = null;
  /** false: uploads ignore Idempotency-Key (an old server), to show what the key prevents. */
  uploadKeys = true;
  readonly stats = {
    requests: 0,
    puts: 0,
    /** PUT .../attachmentorder requests handled. */
    orders: 0,
    uploads: 0,
    creates201: 0,
    creates200: 0,
    uploads201: 0,
    uploads200: 0,
    keyedUploads: 0,
    faults: { '500': 0, drop: 0, lose: 0, stall: 0, '401': 0 } as Record<Fault, number>,
    /** Faults injected into photo uploads (POST .../attachment). */
    uploadFaults: { '500': 0, drop: 0, lose: 0, stall: 0, '401': 0 } as Record<Fault, number>,
  };
  /** Called for every request before it is handled (e.g. to simulate a reload mid-request). */
  onRequest: ((r: Req, n: number) => void) | null = null;
  /** Every create body received: feature properties as sent. */
  readonly createBodies: Record<string, unknown>[] = [];
  private server: Server | null = null;
  private readonly inflight = new Set<Promise<void>>();
  origin = '';

  /** Starts listening on a free port. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const p = this.handle(req, res).catch(() => void res.destroy());
      this.inflight.add(p);
      void p.finally(() => this.inflight.delete(p));
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Waits until every request (stalled ones too) has finished. */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  /** Stops the server. */
  async stop(): Promise<void> {
    await this.settle();
    this.server?.closeAllConnections();
    await new Promise<void>((r) => this.server?.close(() => r()));
  }

  /** Adds a record as if created earlier by `owner`. */
  seed(properties: Record<string, unknown>, photo: string | null, owner = this.email, status = 5): FakeRecord {
    const id = this.nextId++;
    const r: FakeRecord = {
      id,
      properties: { ...properties, '974': status, '2066': true, '1820': owner },
      geometry: { type: 'Point', coordinates: [1_600_000, 5_800_000] },
      owner,
      attachments: [],
    };
    if (photo) r.attachments.push(this.attachment(id, 'seed.jpg', photo));
    this.records.set(id, r);
    return r;
  }

  /** Records whose property `key` equals `value`. */
  find(key: string, value: unknown): FakeRecord[] {
    return [...this.records.values()].filter((r) => r.properties[key] === value);
  }

  private attachment(recordId: number, name: string, content: string): FakeAttachment {
    return {
      id: this.nextAttachmentId++,
      recordId,
      tableAttachmentInfoId: 1,
      name,
      mimeType: 'image/jpeg',
      size: content.length,
      content,
    };
  }

  private pickFault(r: Req): FaultRule['fault'] | null {
    const i = this.rules.findIndex((f) => f.match(r));
    if (i >= 0) return this.rules.splice(i, 1)[0]?.fault ?? null;
    const c = this.chaos;
    if (!c || c.rng() >= c.rate) return null;
    let kinds = c.kinds;
    if (this.stats.faults.stall >= c.maxStalls) kinds = kinds.filter((k) => k !== 'stall');
    // Every kind hits photo uploads too: a stalled upload commits after its client gave up and
    // retried, which only the upload's Idempotency-Key makes harmless.
    return kinds[Math.floor(c.rng() * kinds.length)] ?? null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const r: Req = { method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://x').pathname };
    this.stats.requests++;
    this.onRequest?.(r, this.stats.requests);
    const fault = this.pickFault(r);
    if (typeof fault === 'string') this.stats.faults[fault]++;
    if (typeof fault === 'string' && isUpload(r)) this.stats.uploadFaults[fault]++;
    if (fault === 'drop') return void req.socket.destroy();
    if (fault === '500') return send(res, fail(500, 'Injected failure'));
    if (fault && typeof fault === 'object' && 'tooMany' in fault)
      return send(res, fail(429, 'Too many changes'), { 'retry-after': String(fault.tooMany) });
    if (fault === '401' || req.headers.authorization !== `Bearer ${this.token}`)
      return send(res, fail(401, 'Token expired'));
    if (fault === 'stall') await new Promise((w) => setTimeout(w, this.stallMs));
    if (fault && typeof fault === 'object' && 'hold' in fault) {
      if (fault.cut) req.socket.destroy();
      await fault.hold;
    }
    const reply = await this.route(r, body, req);
    if (fault === 'lose') return void req.socket.destroy();
    if (res.destroyed || req.socket.destroyed) return;
    send(res, reply);
  }

  private async route(r: Req, body: Buffer, req: IncomingMessage): Promise<Reply> {
    const seg = r.path.split('/').filter(Boolean); // api, Features|Records, p, ...
    const ct = req.headers['content-type'] ?? '';
    const form = () =>
      new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': ct },
        body: new Uint8Array(body),
      }).formData();
    const json = () => JSON.parse(body.toString() || '{}') as Record<string, unknown>;
    if (seg[1] === 'Features' && r.method === 'POST' && seg[4] === 'full')
      return this.create(await form(), req.headers['idempotency-key']);
    if (seg[1] === 'Features' && r.method === 'POST' && seg[3] === 'delete')
      return this.remove(Number(json().recordId));
    if (seg[1] === 'Features' && r.method === 'PUT') return this.update(Number(seg[4]), json());
    if (seg[1] === 'Features' && r.method === 'GET' && seg[5] === 'detailed') {
      const rec = this.records.get(Number(seg[4]));
      return rec ? { status: 200, body: this.detailed(rec) } : fail(404, 'Record does not exist');
    }
    if (seg[1] === 'Records' && seg[3] === 'attachment' && r.method === 'POST')
      return this.upload(await form(), req.headers['idempotency-key']);
    if (seg[1] === 'Records' && seg[3] === 'attachment' && r.method === 'DELETE')
      return this.deleteAttachment(Number(seg[4]));
    if (seg[1] === 'Records' && seg[5] === 'attachmentorder' && r.method === 'PUT')
      return this.order(Number(seg[4]), json());
    return fail(404, `No route ${r.method} ${r.path}`);
  }

  private detailed(rec: FakeRecord): unknown {
    const attachments = rec.attachments.map(({ content: _c, key: _k, ...a }) => a);
    return {
      type: 'Feature',
      id: rec.id,
      geometry: rec.geometry,
      properties: rec.properties,
      attachments,
      createdByEmail: rec.owner,
      createdAt: '',
      updatedAt: '',
    };
  }

  private editable(rec: FakeRecord): Reply | null {
    if (rec.owner !== this.email) return fail(403, 'Only the creator of a record may change or delete it');
    if (rec.properties['974'] !== 5)
      return fail(
        403,
        `The record has STATUS ${JSON.stringify(rec.properties['974'])}: only records with STATUS 5 or empty can be changed`,
      );
    return null;
  }

  private async create(f: FormData, key: string | string[] | undefined): Promise<Reply> {
    const feature = JSON.parse(String(f.get('feature'))) as {
      properties: Record<string, unknown>;
      geometry: unknown;
      accuracyMetres?: number | null;
    };
    const files = f.getAll('AttachmentFiles').filter((x): x is File => typeof x !== 'string');
    const contents = await Promise.all(files.map((x) => x.text()));
    const k = typeof key === 'string' ? key : null;
    // The key is checked at commit time, as the real server's unique index does.
    const earlier = k !== null ? this.keys.get(k) : undefined;
    if (earlier !== undefined) {
      const rec = this.records.get(earlier);
      this.stats.creates200++;
      return rec
        ? { status: 200, body: this.detailed(rec) }
        : fail(404, 'Record created earlier with this key no longer exists');
    }
    this.createBodies.push(feature.properties);
    const unknown = Object.keys(feature.properties).find((c) => !/^\d+$/.test(c) || c === '999');
    if (unknown) return fail(400, `Unknown column ${JSON.stringify(unknown)} in properties`);
    const props = Object.fromEntries(Object.entries(feature.properties).filter(([c]) => !SPECIAL.includes(c)));
    const id = this.nextId++;
    const rec: FakeRecord = {
      id,
      properties: { ...props, '974': 5, '2066': true, '1820': this.email },
      geometry: feature.geometry,
      owner: this.email,
      attachments: [],
      ...('accuracyMetres' in feature ? { accuracyMetres: feature.accuracyMetres } : {}),
    };
    const cover = f.get('AttachmentCover');
    files.forEach((x, i) =>
      rec.attachments.push({ ...this.attachment(id, x.name, contents[i] ?? ''), cover: String(i) === cover }),
    );
    this.records.set(id, rec);
    if (k !== null) this.keys.set(k, id);
    this.stats.creates201++;
    return { status: 201, body: this.detailed(rec) };
  }

  private update(id: number, b: Record<string, unknown>): Reply {
    const rec = this.records.get(id);
    if (!rec) return fail(404, `Record ${id} does not exist`);
    const refused = this.editable(rec);
    if (refused) return refused;
    this.stats.puts++;
    const props = Object.entries((b.properties ?? {}) as Record<string, unknown>).filter(([c]) => !SPECIAL.includes(c));
    rec.properties = { ...rec.properties, ...Object.fromEntries(props) };
    if (b.geometry) rec.geometry = b.geometry;
    if ('accuracyMetres' in b) rec.accuracyMetres = b.accuracyMetres as number | null;
    return { status: 200, body: { type: 'Feature', id, geometry: rec.geometry, properties: rec.properties } };
  }

  private remove(id: number): Reply {
    const rec = this.records.get(id);
    if (!rec) return fail(404, `Record ${id} does not exist`);
    const refused = this.editable(rec);
    if (refused) return refused;
    this.records.delete(id);
    return { status: 200, body: { tableId: 48, recordId: id, deleted: true } };
  }

  private async upload(f: FormData, key: string | string[] | undefined): Promise<Reply> {
    const k = this.uploadKeys && typeof key === 'string' ? `${this.email} ${key}` : null;
    if (k !== null && !/^[\x21-\x7e]{1,200}$/.test(String(key)))
      return fail(400, 'Idempotency-Key must be 1-200 visible ASCII characters');
    if (k !== null) this.stats.keyedUploads++;
    const file = f.get('File');
    if (!file || typeof file === 'string') return fail(400, 'The form needs one File');
    const content = await file.text();
    const recordId = Number(f.get('RecordId'));
    // The key is checked at commit time, as the real server's unique index does; it lives on the
    // attachment, so deleting the attachment (or its record) forgets it, as on the real server.
    const earlier =
      k === null ? undefined : [...this.records.values()].flatMap((x) => x.attachments).find((a) => a.key === k);
    if (earlier) {
      if (earlier.recordId !== recordId)
        return fail(409, 'This Idempotency-Key was already used for a photo of another record');
      this.stats.uploads200++;
      return { status: 200, body: { ...earlier, content: undefined, key: undefined } };
    }
    const rec = this.records.get(recordId);
    if (!rec) return fail(404, 'Record does not exist');
    const refused = this.editable(rec);
    if (refused) return refused;
    if (rec.attachments.length >= 10) return fail(409, 'A record may have at most 10 attachments');
    this.stats.uploads++;
    this.stats.uploads201++;
    const a = this.attachment(rec.id, file.name, content);
    if (k !== null) a.key = k;
    rec.attachments.push(a);
    return { status: 201, body: { ...a, content: undefined, key: undefined } };
  }

  /** PUT .../attachmentorder, as server/api/attachments/order.ts: listed ids first, in order; one cover. */
  private order(recordId: number, b: Record<string, unknown>): Reply {
    const rec = this.records.get(recordId);
    if (!rec) return fail(404, `Record ${recordId} does not exist`);
    const refused = this.editable(rec);
    if (refused) return refused;
    const order = (b.order ?? []) as number[];
    if (order.some((id) => !rec.attachments.some((a) => a.id === id)))
      return fail(400, 'An id is not an attachment of the record');
    this.stats.orders++;
    const listed = order.map((id) => rec.attachments.find((a) => a.id === id)!);
    rec.attachments = [...listed, ...rec.attachments.filter((a) => !order.includes(a.id))];
    for (const a of rec.attachments) a.cover = a.id === b.cover;
    return { status: 200, body: rec.attachments.map(({ content: _c, key: _k, ...a }) => a) };
  }

  private deleteAttachment(id: number): Reply {
    const rec = [...this.records.values()].find((r) => r.attachments.some((a) => a.id === id));
    if (!rec) return fail(404, `Attachment ${id} does not exist`);
    const refused = this.editable(rec);
    if (refused) return refused;
    rec.attachments = rec.attachments.filter((a) => a.id !== id);
    return { status: 200, body: { id, deleted: true } };
  }
}

function isUpload(r: Req): boolean {
  return r.method === 'POST' && r.path.endsWith('/attachment');
}

function send(res: ServerResponse, r: Reply, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(r.status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(r.body));
}

/** A fake server, started before the test file's tests and stopped after them. */
export function fakeServerForFile(): FakeServer {
  const server = new FakeServer();
  beforeAll(async () => {
    await server.start();
  });
  afterAll(() => server.stop());
  return server;
}
