import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { JSON_BODY_LIMIT, JSON_TYPES } from '../http/context.ts';
import {
  REQUEST_SCHEMAS,
  RESPONSE_SCHEMAS,
  type RequestShapeName,
  type ResponseShapeName,
} from '../../../domain/shapes/index.ts';
import { apiValidatorCompiler } from '../http/validation.ts';
import { SCHEMAS, ref, type JsonSchema } from './schemas.ts';
import { withShapeRefs } from './shapeRefs.ts';
import type { TSchema } from '../../../domain/shapes/build.ts';

export type { JsonSchema } from './schemas.ts';

/** How a route treats the bearer token. */
export type AuthMode = 'none' | 'optional' | 'required';

/** One documented response. */
export interface ResponseDoc {
  description: string;
  /** Defaults to application/json. */
  contentType?: string;
  schema?: JsonSchema;
  /** The answer's shape (domain/shapes/), documented as its component. */
  shape?: ResponseShapeName;
  /**
   * Fastify writes a 2xx answer with the shape (fast-json-stringify: only the members the shape
   * holds, as its types). Only small answers of fixed members: for records, whose properties are
   * keyed by column id, it measured 2.5-4x slower than JSON.stringify (docs/api.md).
   */
  serialise?: boolean;
}

/** A JSON answer of shape `name`, documented and written with it (ResponseDoc.serialise). */
export const answer = (description: string, name: ResponseShapeName): ResponseDoc => ({
  description,
  shape: name,
  serialise: true,
});

/** Fastify's response schemas of `doc`: the shapes of its 2xx answers that are written with theirs. */
function responseSchemas(doc: RouteDoc): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [status, given] of Object.entries(doc.responses))
    if (typeof given !== 'string' && given.shape && given.serialise && status.startsWith('2'))
      out[status] = RESPONSE_SCHEMAS[given.shape];
  return Object.keys(out).length ? out : null;
}

/** A request body as documented: its media types and schema. */
export interface BodyDoc {
  contentType: string | string[];
  schema: JsonSchema;
  required?: boolean;
  /** The shape Fastify validates the body with (a JSON body of a request shape); multipart fields are the handler's. */
  validate?: JsonSchema;
}

/** What a route contributes to the OpenAPI document. */
export interface RouteDoc {
  summary: string;
  tag: string;
  description?: string;
  auth: AuthMode;
  /** A name is a JSON body (JSON_TYPES) of that request shape (domain/shapes/), validated by Fastify. */
  body?: RequestShapeName | BodyDoc;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  /** By status; a string is the description of a response without a body. */
  responses: Record<number, ResponseDoc | string>;
}

/**
 * The responses of a call that makes something from a body: 201 with `what` (a component
 * schema), 400 for a body its shape refuses, 404 when `missing`.
 */
export function createdResponses(what: string, schema: ResponseShapeName, missing: string): RouteDoc['responses'] {
  return { 201: { description: what, shape: schema }, 400: 'Invalid body', 404: missing };
}

/**
 * A route: Fastify options plus its documentation. params/querystring are TypeBox shapes (built
 * from domain/shapes/build.ts): Fastify validates them and the OpenAPI parameters come from them.
 */
export interface ApiRouteDef {
  method: HTTPMethods;
  url: string;
  params?: TSchema;
  querystring?: TSchema;
  /** Defaults to JSON_BODY_LIMIT for a body named by its schema (RouteDoc.body), to the server's otherwise. */
  bodyLimit?: number;
  /**
   * Runs before the body is validated: who may call comes first (401/403 before a 400 about the
   * body). Its answer is memoised per request (memoAuthenticate), so the handler asks again for free.
   */
  guard?: (req: FastifyRequest) => Promise<unknown>;
  doc: RouteDoc;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** 415 unless the request's media type is one of `types` (a request without a body passes). */
function checkMediaType(req: FastifyRequest, types: string[]): void {
  const raw = req.headers['content-type'];
  if (raw === undefined) return;
  const media = raw.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!types.includes(media))
    throw new HttpError(415, `The body must be ${types.join(' or ')}, not ${media || 'untyped'}`);
}

/** A route whose body, if any, is spelt out. */
type SpeltRouteDef = ApiRouteDef & { doc: { body?: BodyDoc } };

/** `def` with a body named by its shape spelt out: JSON_TYPES, validated, JSON_BODY_LIMIT unless it sets bodyLimit. */
function withJsonBody(def: ApiRouteDef): SpeltRouteDef {
  const name = def.doc.body;
  if (typeof name !== 'string') return def as SpeltRouteDef;
  return {
    ...def,
    bodyLimit: def.bodyLimit ?? JSON_BODY_LIMIT,
    doc: { ...def.doc, body: { contentType: JSON_TYPES, schema: ref(name), validate: REQUEST_SCHEMAS[name] } },
  };
}

/** Collects the documentation of every route registered through it; the one place the document comes from. */
export class ApiDocs {
  private readonly routes = new Map<string, { method: string; url: string; def?: SpeltRouteDef }>();

  /** Records a route seen by Fastify's onRoute hook (so even undocumented routes appear). */
  seen(method: string, url: string): void {
    const key = `${method} ${url}`;
    if (!this.routes.has(key)) this.routes.set(key, { method, url });
  }

  /** Registers `def` with Fastify and documents it. */
  define(app: FastifyInstance, given: ApiRouteDef): void {
    const def = withJsonBody(given);
    const body = def.doc.body;
    const types = body ? (Array.isArray(body.contentType) ? body.contentType : [body.contentType]) : null;
    const guard = def.guard;
    const response = responseSchemas(def.doc);
    const opts: RouteOptions = {
      method: def.method,
      url: def.url,
      schema: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.querystring ? { querystring: def.querystring } : {}),
        ...(body?.validate ? { body: body.validate } : {}),
        ...(response ? { response } : {}),
      },
      validatorCompiler: apiValidatorCompiler,
      handler: def.handler,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      preValidation: async (req: FastifyRequest) => {
        // A body of an undocumented media type (e.g. text/plain, which Fastify parses) is a 415, not a confusing 400.
        if (types) checkMediaType(req, types);
        if (guard) await guard(req);
      },
    };
    app.route(opts);
    this.routes.set(`${def.method} ${def.url}`, { method: String(def.method), url: def.url, def });
  }

  /** The OpenAPI 3.1 document of every /api route. */
  document(): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    const errorRef = { $ref: '#/components/schemas/ApiError' };
    for (const { method, url, def } of this.routes.values()) {
      if (method === 'HEAD' || !url.startsWith('/api')) continue;
      const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const op: Record<string, unknown> = {
        operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      };
      const parameters: unknown[] = [];
      for (const [name] of path.matchAll(/\{([^}]+)\}/g)) {
        const n = name.slice(1, -1);
        const s = ((def?.params as JsonSchema | undefined)?.properties as Record<string, JsonSchema> | undefined)?.[
          n
        ] ?? { type: 'string' };
        parameters.push({ name: n, in: 'path', required: true, schema: s });
      }
      const q = def?.querystring as JsonSchema | undefined;
      for (const [n, s] of Object.entries((q?.properties as Record<string, JsonSchema> | undefined) ?? {})) {
        parameters.push({
          name: n,
          in: 'query',
          required: ((q?.required as string[] | undefined) ?? []).includes(n),
          schema: s,
        });
      }
      for (const [n, h] of Object.entries(def?.doc.headers ?? {}))
        parameters.push({ name: n, in: 'header', required: false, ...h });
      if (parameters.length) op.parameters = parameters;
      if (!def) {
        op.summary = 'Undocumented route';
        op.responses = {
          default: { description: 'See the source', content: { 'application/json': { schema: errorRef } } },
        };
      } else {
        const d = def.doc;
        Object.assign(op, {
          summary: d.summary,
          tags: [d.tag],
          ...(d.description ? { description: d.description } : {}),
        });
        if (d.auth === 'required') op.security = [{ bearer: [] }];
        else if (d.auth === 'optional') op.security = [{}, { bearer: [] }];
        if (d.body) {
          const types = Array.isArray(d.body.contentType) ? d.body.contentType : [d.body.contentType];
          op.requestBody = {
            required: d.body.required ?? true,
            content: Object.fromEntries(types.map((t) => [t, { schema: d.body?.schema }])),
          };
        }
        const responses: Record<string, unknown> = {};
        for (const [status, given] of Object.entries(d.responses)) {
          const r = typeof given === 'string' ? { description: given } : given;
          const schema = r.schema ?? (r.shape ? ref(r.shape) : undefined);
          responses[status] = {
            description: r.description,
            ...(schema ? { content: { [r.contentType ?? 'application/json']: { schema } } } : {}),
          };
        }
        responses.default = {
          description: 'Error: {status, error, message}',
          content: { 'application/json': { schema: errorRef } },
        };
        op.responses = responses;
      }
      (paths[path] ??= {})[method.toLowerCase()] = op;
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Sporoči vrsto API',
        version: '1.1.2',
        description:
          'The data platform of Sporoči vrsto. Coordinates are EPSG:3857. ' +
          'Reading public data needs no token; writing records needs one (update, delete and archive only by the creator while STATUS is 5 or empty); ' +
          'project, profile and column administration needs the role "admin" in the token\'s roles claim (403 otherwise). ' +
          'A project with public false is a draft: every route under it answers 404 to anyone but an administrator. ' +
          'Archived records stay in the database but leave every listing; only an administrator can read (GET Records/{p}/{t}/{id}) or restore them. ' +
          'Errors are {status, error, message}; a refused bulk item adds operation and index.',
      },
      servers: [{ url: '/' }],
      paths,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        schemas: withShapeRefs(SCHEMAS),
      },
    };
  }
}
