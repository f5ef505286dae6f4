import { afterAll, beforeAll, expect } from 'vitest';
import { HttpClient } from '../../../worker/http/client.ts';
import { ApiError } from '../../../worker/http/errors.ts';
import { ColumnsApi } from '../../../worker/http/columns.ts';
import { FeaturesApi } from '../../../worker/http/features.ts';
import { HealthApi } from '../../../worker/http/health.ts';
import { ProfilesApi } from '../../../worker/http/profiles.ts';
import { ProjectsApi } from '../../../worker/http/projects.ts';
import { RecordsApi } from '../../../worker/http/records.ts';
import { ReviewApi } from '../../../worker/http/review.ts';
import { SpeciesApi } from '../../../worker/http/species.ts';
import { ChangesApi } from '../../../worker/http/changes.ts';
import { lonLatToMercator } from '../../../server/geo/projection.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signIn } from '../helpers/auth.ts';

/**
 * The conformance suite's harness: one real server per file, tokens of a user, another user and
 * an administrator, the worker's API clients (so the suite exercises them too), the status of
 * every answer, and a check of answers against the schemas of the server's own OpenAPI document.
 */

/** The worker's API clients for one caller. */
export interface Clients {
  health: HealthApi;
  features: FeaturesApi;
  records: RecordsApi;
  profiles: ProfilesApi;
  projects: ProjectsApi;
  columns: ColumnsApi;
  review: ReviewApi;
  species: SpeciesApi;
  changes: ChangesApi;
}

/** A started server with its callers. */
export interface Suite {
  server: TestServer;
  anon: Clients;
  ana: Clients;
  bor: Clients;
  admin: Clients;
  /** pregled@example.si: reviews butterflies (8) and beetles (7). */
  reviewer: Clients;
  tokens: { ana: string; bor: string; admin: string; reviewer: string };
  doc: OpenApiDoc;
}

/** The parts of the OpenAPI document the shape check reads. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Schema> };
}

type Schema = Record<string, unknown>;

let lastStatus = 0;
const realFetch = globalThis.fetch;
// The clients return bodies only; the suite also needs each answer's status.
globalThis.fetch = async (...args: Parameters<typeof fetch>): Promise<Response> => {
  const res = await realFetch(...args);
  lastStatus = res.status;
  return res;
};

/** The clients of a caller with `token` (none = anonymous). */
export function clients(origin: string, token: string | null): Clients {
  const http = new HttpClient({ origin, token: () => token });
  return {
    health: new HealthApi(http),
    features: new FeaturesApi(http),
    records: new RecordsApi(http),
    profiles: new ProfilesApi(http),
    projects: new ProjectsApi(http),
    columns: new ColumnsApi(http),
    review: new ReviewApi(http),
    species: new SpeciesApi(http),
    changes: new ChangesApi(http),
  };
}

/** Starts a server and signs in ana, bor and the administrator. */
async function startSuite(): Promise<Suite> {
  const server = await startServer();
  const [ana, bor, admin, reviewer] = (await Promise.all(
    ['ana@example.si', 'bor@example.si', 'admin@example.si', 'pregled@example.si'].map(
      async (e) => (await signIn(server.url, e, 'demo1234')).accessToken,
    ),
  )) as [string, string, string, string];
  const doc = (await (await realFetch(`${server.url}/api/openapi.json`)).json()) as OpenApiDoc;
  return {
    server,
    doc,
    tokens: { ana, bor, admin, reviewer },
    anon: clients(server.url, null),
    ana: clients(server.url, ana),
    bor: clients(server.url, bor),
    admin: clients(server.url, admin),
    reviewer: clients(server.url, reviewer),
  };
}

/**
 * The suite of a test file: started before its tests and handed to `onStart` (which keeps it and
 * may prepare more), its server stopped after them.
 */
export function suiteForFile(onStart: (s: Suite) => void | Promise<void>): void {
  let suite: Suite | undefined;
  beforeAll(async () => {
    suite = await startSuite();
    await onStart(suite);
  });
  afterAll(async () => {
    await suite?.server.stop();
  });
}

/** An answer: status and JSON body (an error's JSON body for a refusal). */
export interface Answer<T> {
  status: number;
  body: T;
}

/** Runs a client call and returns its status and body, whether it succeeded or was refused. */
export async function call<T>(p: Promise<T>): Promise<Answer<T>> {
  try {
    const body = await p;
    return { status: lastStatus, body };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    let body: unknown = e.body;
    try {
      body = JSON.parse(e.body);
    } catch {
      /* not JSON */
    }
    return { status: e.status, body: body as T };
  }
}

/** Expects a refusal with `status` and the JSON error body {status, error, message}. */
export async function expectRefused(
  p: Promise<unknown>,
  status: number,
): Promise<{ status: number; error: string; message: string }> {
  const a = await call(p);
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  const body = a.body as { status: number; error: string; message: string };
  expect(body).toMatchObject({ status, error: expect.any(String), message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** Expects success with `status` and returns the body. */
export async function expectOk<T>(p: Promise<T>, status = 200): Promise<T> {
  const a = await call(p);
  expect(a.status, JSON.stringify(a.body).slice(0, 500)).toBe(status);
  return a.body;
}

/** The problems of `v` against `s` (a small JSON Schema subset: the one the server's document uses). */
function check(doc: OpenApiDoc, v: unknown, s: Schema, path: string, out: string[]): void {
  if (typeof s.$ref === 'string')
    return check(doc, v, doc.components.schemas[s.$ref.split('/').pop() as string] ?? {}, path, out);
  if (Array.isArray(s.allOf)) for (const x of s.allOf as Schema[]) check(doc, v, x, path, out);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (
      Array.isArray(s[key]) &&
      !(s[key] as Schema[]).some((x) => {
        const o: string[] = [];
        check(doc, v, x, path, o);
        return o.length === 0;
      })
    ) {
      out.push(`${path}: matches none of ${key}`);
    }
  }
  if ('const' in s && v !== s.const) out.push(`${path}: ${JSON.stringify(v)} is not ${JSON.stringify(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.includes(v))
    out.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
  if (s.type !== undefined) {
    const types = [s.type].flat() as string[];
    const kind =
      v === null
        ? 'null'
        : Array.isArray(v)
          ? 'array'
          : typeof v === 'number' && Number.isInteger(v)
            ? 'integer'
            : typeof v;
    if (!types.includes(kind) && !(kind === 'integer' && types.includes('number')))
      return void out.push(`${path}: ${kind} is not ${types.join('|')}`);
  }
  if (Array.isArray(v) && s.items) v.forEach((x, i) => check(doc, x, s.items as Schema, `${path}[${i}]`, out));
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    for (const r of (s.required as string[] | undefined) ?? []) if (!(r in o)) out.push(`${path}.${r}: missing`);
    const props = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const [k, x] of Object.entries(o)) {
      if (props[k]) check(doc, x, props[k], `${path}.${k}`, out);
      else if (s.additionalProperties && typeof s.additionalProperties === 'object')
        check(doc, x, s.additionalProperties as Schema, `${path}.${k}`, out);
    }
  }
}

/** Expects `v` to have the shape of component schema `name` of the server's OpenAPI document. */
export function expectShape(doc: OpenApiDoc, v: unknown, name: string | Schema): void {
  const out: string[] = [];
  check(doc, v, typeof name === 'string' ? { $ref: `#/components/schemas/${name}` } : name, '$', out);
  expect(out, `${typeof name === 'string' ? name : 'schema'}: ${JSON.stringify(v).slice(0, 300)}`).toEqual([]);
}

/** A point in Slovenia (EPSG:3857). */
export const point = (lon = 14.8, lat = 46.1) => ({ type: 'Point' as const, coordinates: lonLatToMercator(lon, lat) });

/** A new sighting of table 48 as a create body. */
export const sighting = (extra: Record<string, string | number | boolean | null> = {}) => ({
  geometry: point(),
  properties: { 980: 1105, 1053: '2025-06-20T19:00:00Z', ...extra },
});

/** All of Slovenia as an extent (EPSG:3857). */
export const SLOVENIA: [number, number, number, number] = [
  ...lonLatToMercator(13.3, 45.3),
  ...lonLatToMercator(16.7, 47),
] as [number, number, number, number];

/** A small PNG, as an upload. */
export async function png(color = '#f00'): Promise<{ blob: Blob; name: string }> {
  const { default: sharp } = await import('sharp');
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { blob: new Blob([new Uint8Array(data)], { type: 'image/png' }), name: 'slika.png' };
}

/** A raw request (for what the clients never send: wrong media types, bad paths). */
export async function raw(
  suite: Suite,
  method: string,
  path: string,
  init: { token?: string; body?: string; type?: string } = {},
): Promise<Answer<unknown>> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.type) headers['content-type'] = init.type;
  const r = await realFetch(`${suite.server.url}${path}`, { method, headers, body: init.body });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, body };
}
