import { describe, expect, it } from 'vitest';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * The OpenAPI document and the server agree on path and query parameters: for every route of
 * /api/openapi.json, each path parameter and each query parameter with a type, range or enum is
 * sent once with a value that breaks it (the others valid), and the answer is 400 with the JSON
 * error {status, error, message} naming the part (params/querystring), before the handler runs.
 * Called as an administrator (who passes every route's sign-in check), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
const suite = signedInSuite('admin');

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
type Doc = { paths: Record<string, Record<string, Operation>> };

/** A URL text its schema takes (an enum's first value, 1 for a number, true for a flag). */
function fitting(s: Schema): string {
  if (Array.isArray(s.enum)) return String(s.enum[0]);
  if (s.type === 'integer' || s.type === 'number') return String(typeof s.minimum === 'number' ? s.minimum : 1);
  if (s.type === 'boolean') return 'true';
  if (s.name === 'email' || s.pattern === '^[^\\s@]+@[^\\s@]+$') return 'nobody@example.org';
  return 'x';
}

/** A URL text that breaks `s` (text that is no number, a value outside the enum); null when any text fits. */
function breaking(s: Schema): string | null {
  if (Array.isArray(s.enum)) return 'not-in-enum';
  if (s.type === 'integer' || s.type === 'number' || s.type === 'boolean') return 'abc';
  if (typeof s.pattern === 'string') return 'no pattern';
  if (typeof s.minLength === 'number' && s.minLength > 1) return 'x';
  return null;
}

/** The URL of `path` with every parameter fitting except `broken`, which gets `value`. */
function urlOf(path: string, op: Operation, broken: Parameter, value: string): string {
  const params = op.parameters ?? [];
  const valueOf = (p: Parameter) =>
    p === broken ? value : p.name === 'email' ? 'nobody@example.org' : fitting(p.schema);
  const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(p ? valueOf(p) : 'x');
  });
  const query = params
    .filter((p) => p.in === 'query' && (p.required || p === broken))
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(valueOf(p))}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

/** A body the route's validation would take as far as it reads it: the params are checked first. */
function bodyOf(op: Operation): unknown {
  return op.requestBody?.content['application/json'] ? {} : undefined;
}

describe('path and query parameters of /api/openapi.json', () => {
  it('refuses, on every route, a parameter value that breaks its schema (400, JSON error)', async () => {
    const doc = (await suite.call(null, 'GET', '/api/openapi.json')).body as Doc;
    const checked: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const p of op.parameters ?? []) {
          if (p.in !== 'path' && p.in !== 'query') continue;
          const value = breaking(p.schema);
          if (value === null) continue;
          const route = `${method.toUpperCase()} ${path} ${p.in}:${p.name}`;
          const url = urlOf(path, op, p, value);
          const r = await suite.call('admin', method.toUpperCase(), url, bodyOf(op));
          expect(r.status, `${route} ${url}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(r.headers.get('content-type'), route).toMatch(/^application\/json/);
          expect(r.body, route).toMatchObject({ status: 400, error: 'Bad Request' });
          expect(r.body.message, route).toMatch(p.in === 'path' ? /^params\b/ : /^querystring\b/);
          checked.push(route);
        }
      }
    }
    expect(checked.length, checked.join('\n')).toBeGreaterThanOrEqual(40);
    expect(checked).toContain('GET /api/Records/{projectId}/{tableId}/{recordId} path:recordId');
    expect(checked).toContain('GET /api/Changes/{projectId} query:form');
  }, 120_000);
});
