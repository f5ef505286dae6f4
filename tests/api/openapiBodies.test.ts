import { describe, expect, it } from 'vitest';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * The OpenAPI document and the server agree on request bodies: for every route of
 * /api/openapi.json with a JSON body, a body that breaks the documented schema is refused with 400
 * and the JSON error {status, error, message} naming the body, before the handler runs. Called
 * as an administrator (who passes every route's sign-in check), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
const suite = signedInSuite('admin');

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** `s` with a component `$ref` followed. */
function resolve(doc: Doc, s: Schema): Schema {
  const ref = s.$ref;
  if (typeof ref !== 'string') return s;
  const name = ref.split('/').pop() as string;
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`No component ${name}`);
  return resolve(doc, target);
}

/** A JSON value that is not of the JSON Schema type `type`. */
function notOfType(type: unknown): unknown {
  return type === 'string' ? 12345 : 'no';
}

/**
 * A body that breaks `schema`: without its first required member, or else with its first typed
 * member of another type; null when the schema gives neither.
 */
function breakingBody(doc: Doc, schema: Schema): Record<string, unknown> | null {
  const s = resolve(doc, schema);
  const required = (s.required as string[] | undefined) ?? [];
  const properties = (s.properties as Record<string, Schema> | undefined) ?? {};
  if (required.length > 0) {
    const body: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(properties))
      if (name !== required[0] && required.includes(name)) body[name] = sample(doc, p);
    return body;
  }
  for (const [name, p] of Object.entries(properties)) {
    const type = resolve(doc, p).type;
    if (typeof type === 'string') return { [name]: notOfType(type) };
  }
  return null;
}

/** A value that fits a simple schema (an id, a text, a list), to fill the members a broken body keeps. */
function sample(doc: Doc, p: Schema): unknown {
  const s = resolve(doc, p);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.anyOf)) return sample(doc, s.anyOf[0] as Schema);
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.type === 'boolean') return true;
  if (s.type === 'array') return [];
  if (s.type === 'object') return {};
  return 'x';
}

/** The URL of `path` with each path parameter set to a value its schema takes. */
function urlOf(path: string, op: Operation): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = op.parameters?.find((x) => x.in === 'path' && x.name === name)?.schema ?? {};
    if (Array.isArray(p.enum)) return String(p.enum[0]);
    return p.type === 'integer' ? '1' : 'x';
  });
}

describe('request bodies of /api/openapi.json', () => {
  it('refuses, on every route with a JSON body, a body that breaks its schema (400, JSON error)', async () => {
    const doc = (await suite.call(null, 'GET', '/api/openapi.json')).body as Doc;
    const checked: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const json = op.requestBody?.content['application/json'];
        if (!json) continue; // multipart forms: their fields are checked by the handlers (attachments.test.ts)
        const route = `${method.toUpperCase()} ${path}`;
        const url = urlOf(path, op);
        const bodies: unknown[] = ['not an object'];
        const broken = breakingBody(doc, json.schema);
        if (broken) bodies.push(broken);
        for (const body of bodies) {
          const r = await suite.call('admin', method.toUpperCase(), url, body);
          expect(r.status, `${route} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(r.headers.get('content-type'), route).toMatch(/^application\/json/);
          expect(r.body, route).toMatchObject({ status: 400, error: 'Bad Request' });
          expect(r.body.message, route).toMatch(/^body\b/);
        }
        checked.push(route);
      }
    }
    // Every JSON body of the API: records and features, review, photo order, sensitivity, administration.
    expect(checked.length, checked.join('\n')).toBeGreaterThanOrEqual(25);
    expect(checked).toContain('POST /api/Features/{projectId}/{tableId}');
    expect(checked).toContain('PUT /api/Projects/{projectId}');
  }, 120_000);
});
