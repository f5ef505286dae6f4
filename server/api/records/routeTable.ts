/**
 * The record calls both URL families offer (featuresRoutes.ts, recordsRoutes.ts), written once: method, URL,
 * params, body, docs, handler. A family gives its prefix, tag, schemas and answer shape; a builder, the texts
 * that differ.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_BODY_LIMIT, type ApiContext } from '../http/context.ts';
import { USER_ERRORS, requireUser } from '../access/recordAccess.ts';
import { answer, type ApiRouteDef, type ResponseDoc, type RouteDoc } from '../openapi/apiDocs.ts';
import { idParams, type TSchema } from '../../../domain/shapes/build.ts';
import { ref } from '../openapi/schemas.ts';
import {
  bulk,
  create,
  createWithPhotos,
  extentTables,
  readOne,
  remove,
  search,
  update,
  type Handler,
} from './handlers.ts';
import {
  BULK_DESCRIPTION,
  BULK_RESPONSES,
  FULL_IDEMPOTENCY_HEADER,
  IDEMPOTENCY_HEADER,
  PRECONDITION_FAILED,
  extentQuerystring,
  fullFormBody,
} from './routeDocs.ts';
import type { RequestShapeName, ResponseShapeName } from '../../../domain/shapes/index.ts';
import type { AnswerShape } from './shapes.ts';
import { IF_MATCH_HEADER } from './versions.ts';

/** One URL family of the record calls. */
export interface RecordFamily {
  /** '/api/Features' or '/api/Records'. */
  prefix: string;
  tag: 'Features' | 'Records';
  /** How its calls answer (and where a create finds its table). */
  shape: AnswerShape;
  /** Component schemas: one record, a search page, a JSON create, a create with photos' answer, a bulk result. */
  schemas: {
    one: ResponseShapeName;
    page: ResponseShapeName;
    create: RequestShapeName;
    created: ResponseShapeName;
    bulkResult: ResponseShapeName;
  };
  /** The 404 of a call on one record the caller cannot see. */
  notFound: string;
}

/** A route's documentation without its tag (the family's). */
export type FamilyDoc = Omit<RouteDoc, 'tag'>;

/** How a family route is reached: path after the prefix, URL ids (or a params schema), querystring, bodyLimit. */
export interface FamilyUrl {
  method: ApiRouteDef['method'];
  path: string;
  params: string[] | TSchema;
  querystring?: TSchema;
  /** As ApiRouteDef.bodyLimit. */
  bodyLimit?: number;
}

/** The refusals of a write to a table: read-only, or unknown. */
export const TABLE_REFUSALS = { 403: 'Read-only table', 404: 'Unknown project or table' };

/** The route `url` of `family` documented by `doc` and answered by `handler`. */
function familyRoute(family: RecordFamily, url: FamilyUrl, doc: FamilyDoc, handler: Handler): ApiRouteDef {
  return {
    method: url.method,
    url: `${family.prefix}${url.path}`,
    params: Array.isArray(url.params) ? idParams(...url.params) : url.params,
    ...(url.querystring ? { querystring: url.querystring } : {}),
    ...(url.bodyLimit ? { bodyLimit: url.bodyLimit } : {}),
    doc: { ...doc, tag: family.tag },
    handler,
  };
}

/** The URL of a create: the table in the path (Features) or in the body (Records). */
function createPath(family: RecordFamily, suffix: string): Pick<FamilyUrl, 'path' | 'params'> {
  return family.shape.createTableIn === 'path'
    ? { path: `/:projectId/:tableId${suffix}`, params: ['projectId', 'tableId'] }
    : { path: `/:projectId${suffix}`, params: ['projectId'] };
}

/** GET …/{projectId}/extenttables: the records of tables intersecting an extent. */
function extentRoute(
  ctx: ApiContext,
  family: RecordFamily,
  texts: { summary: string; columnIds: string; ok: ResponseDoc; badRequest: string },
): ApiRouteDef {
  return familyRoute(
    family,
    {
      method: 'GET',
      path: '/:projectId/extenttables',
      params: ['projectId'],
      querystring: extentQuerystring(texts.columnIds),
    },
    {
      summary: texts.summary,
      auth: 'optional',
      responses: {
        200: texts.ok,
        400: texts.badRequest,
        404: 'Unknown project or table',
      },
    },
    extentTables(ctx, family.shape),
  );
}

/** POST …/{projectId}/search: one page of a RecordQuery. */
function searchRoute(ctx: ApiContext, family: RecordFamily, summary: string): ApiRouteDef {
  return familyRoute(
    family,
    { method: 'POST', path: '/:projectId/search', params: ['projectId'] },
    {
      summary,
      auth: 'optional',
      body: 'RecordQuery',
      responses: {
        200: { description: 'One page', shape: family.schemas.page },
        400: 'Invalid query or filter',
        404: 'Unknown project or table',
      },
    },
    search(ctx, family.shape),
  );
}

/** POST …/full: a create with attachments (multipart); `fieldDescription` describes the JSON form field. */
function fullCreateRoute(
  ctx: ApiContext,
  family: RecordFamily,
  fieldDescription: string,
  refusals: RouteDoc['responses'] = {},
): ApiRouteDef {
  const noun = family.shape.extentForm;
  const created = ref(family.schemas.created);
  return familyRoute(
    family,
    { method: 'POST', ...createPath(family, '/full') },
    {
      summary: `Create a ${noun} with attachments (multipart), all or nothing`,
      auth: 'required',
      headers: FULL_IDEMPOTENCY_HEADER,
      body: fullFormBody(family.shape.formField.name, fieldDescription),
      responses: {
        201: { description: `The created ${noun} with its attachments`, schema: created },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: created },
        400: `Invalid ${noun} or field`,
        ...USER_ERRORS,
        ...refusals,
        413: 'A file over 20 MB',
        415: 'Not multipart, or a file that is not JPEG/PNG',
      },
    },
    createWithPhotos(ctx, family.shape),
  );
}

/** GET …/{projectId}/{tableId}/{recordId}`suffix`: one record, answered by `answer`. */
function readRoute(
  ctx: ApiContext,
  family: RecordFamily,
  read: { suffix?: string; answer: AnswerShape['one']; adminSeesAll: boolean },
  texts: { summary: string; description?: string; ok: ResponseDoc; notFound?: string },
): ApiRouteDef {
  return familyRoute(
    family,
    {
      method: 'GET',
      path: `/:projectId/:tableId/:recordId${read.suffix ?? ''}`,
      params: ['projectId', 'tableId', 'recordId'],
    },
    {
      summary: texts.summary,
      auth: 'optional',
      ...(texts.description ? { description: texts.description } : {}),
      responses: { 200: texts.ok, 404: { description: texts.notFound ?? family.notFound } },
    },
    readOne(ctx, read.answer, read.adminSeesAll),
  );
}

/** POST …: a JSON create (with an Idempotency-Key). */
function createRoute(ctx: ApiContext, family: RecordFamily): ApiRouteDef {
  const one = ref(family.schemas.one);
  return familyRoute(
    family,
    { method: 'POST', ...createPath(family, '') },
    {
      summary: `Create a ${family.shape.extentForm}`,
      auth: 'required',
      headers: IDEMPOTENCY_HEADER,
      body: family.schemas.create,
      responses: {
        201: { description: 'Created', schema: one },
        200: { description: 'Repeated Idempotency-Key: the first result', schema: one },
        400: 'Invalid body, column, value or geometry',
        ...USER_ERRORS,
        ...TABLE_REFUSALS,
      },
    },
    create(ctx, family.shape),
  );
}

/** PUT …/{projectId}/{tableId}/{`idName`}: an update under If-Match. */
function updateRoute(
  ctx: ApiContext,
  family: RecordFamily,
  idName: string,
  texts: { ok: string; badRequest: string; forbidden: string },
): ApiRouteDef {
  return familyRoute(
    family,
    { method: 'PUT', path: `/:projectId/:tableId/:${idName}`, params: ['projectId', 'tableId', idName] },
    {
      summary: `Update a ${family.shape.extentForm} (creator only, STATUS 5 or empty)`,
      auth: 'required',
      headers: IF_MATCH_HEADER,
      body: 'FeatureUpdate',
      responses: {
        200: { description: texts.ok, shape: family.schemas.one },
        400: texts.badRequest,
        ...USER_ERRORS,
        403: texts.forbidden,
        404: family.notFound,
        412: PRECONDITION_FAILED,
      },
    },
    update(ctx, family.shape, idName),
  );
}

/** POST …/{projectId}/delete: a delete under If-Match. */
function deleteRoute(ctx: ApiContext, family: RecordFamily): ApiRouteDef {
  return familyRoute(
    family,
    { method: 'POST', path: '/:projectId/delete', params: ['projectId'] },
    {
      summary: `Delete a ${family.shape.extentForm} and its attachments (creator only, STATUS 5 or empty)`,
      auth: 'required',
      headers: IF_MATCH_HEADER,
      body: 'DeleteRequest',
      responses: {
        200: answer('Deleted', 'DeleteResult'),
        400: 'Invalid body',
        ...USER_ERRORS,
        403: 'Not the creator, or already reviewed',
        404: family.notFound,
        412: PRECONDITION_FAILED,
      },
    },
    remove(ctx),
  );
}

/** POST …/{projectId}/bulk: many creates, updates and deletes in one transaction. */
function bulkRoute(ctx: ApiContext, family: RecordFamily): ApiRouteDef {
  return familyRoute(
    family,
    { method: 'POST', path: '/:projectId/bulk', params: ['projectId'], bodyLimit: 16 * JSON_BODY_LIMIT },
    {
      summary: `Many ${family.shape.extentForm} creates, updates and deletes in one transaction (all or nothing)`,
      description: BULK_DESCRIPTION,
      auth: 'required',
      body: 'BulkRequest',
      responses: BULK_RESPONSES(family.schemas.bulkResult),
    },
    bulk(ctx, family.shape),
  );
}

/** The route builders of `family` bound to `ctx`; an adapter lists its calls in order and `define` registers them. */
export function familyRoutes(ctx: ApiContext, family: RecordFamily) {
  return {
    /** Registers `routes`; one that needs a signed-in caller refuses anyone else (401) before looking at the body. */
    define(app: FastifyInstance, routes: ApiRouteDef[]): void {
      const guard = (req: FastifyRequest) => requireUser(ctx.authenticate, req);
      for (const route of routes) ctx.docs.define(app, route.doc.auth === 'required' ? { guard, ...route } : route);
    },
    /** A call only this family has. */
    route: (url: FamilyUrl, doc: FamilyDoc, handler: Handler) => familyRoute(family, url, doc, handler),
    extent: (texts: Parameters<typeof extentRoute>[2]) => extentRoute(ctx, family, texts),
    search: (summary: string) => searchRoute(ctx, family, summary),
    fullCreate: (fieldDescription: string, refusals?: RouteDoc['responses']) =>
      fullCreateRoute(ctx, family, fieldDescription, refusals),
    read: (read: Parameters<typeof readRoute>[2], texts: Parameters<typeof readRoute>[3]) =>
      readRoute(ctx, family, read, texts),
    create: () => createRoute(ctx, family),
    update: (idName: string, texts: Parameters<typeof updateRoute>[3]) => updateRoute(ctx, family, idName, texts),
    delete: () => deleteRoute(ctx, family),
    bulk: () => bulkRoute(ctx, family),
  };
}
