/**
 * The one implementation of the record calls that /api/Features and /api/Records both offer
 * (read, create, create with photos, update, delete, search, extent, bulk), plus the Records-only
 * reads and writes (by ids, archive). featuresRoutes.ts and recordsRoutes.ts only add the URL and
 * the documentation (the shared routes are built once in routeTable.ts); an AnswerShape
 * (shapes.ts) says how each family answers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../http/errors.ts';
import {
  assertCanEdit,
  assertWritableTable,
  requireUser,
  userViewer,
  viewerOf,
  visibleSql,
} from '../access/recordAccess.ts';
import { isAdmin } from '../access/admin.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { bodyObject, positiveInt, shapedBody } from '../http/input.ts';
import { readForm } from '../http/multipart.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { describeChange } from '../review/history.ts';
import { RECORD_LIMITS } from '../../../domain/shapes/records.ts';
import { parseRecordQuery, searchRecordIds, searchRecords } from '../search/recordQuery.ts';
import { sendExtentTables } from '../spatial/extentTables.ts';
import { BulkItemError, parseBulk, runBulk, sendBulkError } from './bulk.ts';
import { formPhotos, jsonField } from './createForm.ts';
import { idempotencyKey } from './idempotency.ts';
import { createRecord, deleteOne, updateOne } from './mutations.ts';
import { toDataRecords, type AnswerShape } from './shapes.ts';
import { RECORD_COLUMNS, readRecordAs, type RecordRow } from './store.ts';
import { ifMatch, sendVersion } from './versions.ts';
import { noteWrite } from '../../http/writeEvents.ts';

/** A Fastify route handler. */
export type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * The table a write goes to, 403 unless it takes user writes: from the URL's tableId ('path'), or
 * from the body's tableId ('body', the body must be an object: `what` names it in the 400).
 */
async function writableTable(
  ctx: ApiContext,
  req: FastifyRequest,
  tableIn: 'path' | 'body',
  body: unknown,
  what?: string,
): Promise<{ meta: TableMeta; body: unknown }> {
  const { projectId } = pathIds(req, 'projectId');
  let tableId: number;
  if (tableIn === 'path') tableId = pathIds(req, 'tableId').tableId;
  else {
    body = bodyObject(body, what);
    tableId = positiveInt((body as Record<string, unknown>).tableId, 'tableId');
  }
  const meta = await loadTable(ctx.db, projectId, tableId);
  assertWritableTable(meta);
  return { meta, body };
}

/**
 * GET one record (ETag: its version). Hidden and archived records answer 404, except, with
 * `adminSeesAll`, to an administrator.
 */
export function readOne(ctx: ApiContext, answer: AnswerShape['one'], adminSeesAll: boolean): Handler {
  return async (req, reply) => {
    const { projectId, tableId, recordId } = pathIds(req, 'projectId', 'tableId', 'recordId');
    const user = await ctx.authenticate(req);
    const viewer = viewerOf(user);
    const meta = await loadTable(ctx.db, projectId, tableId);
    const row = await readRecordAs(ctx.db, meta, recordId, viewer, adminSeesAll && isAdmin(user));
    if (!row) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
    const out = await answer(ctx.db, meta, row, viewer);
    sendVersion(reply, row.version);
    return out;
  };
}

/** Create from a JSON body (201; 200 for a repeated Idempotency-Key). */
export function create(ctx: ApiContext, shape: AnswerShape): Handler {
  return async (req, reply) => {
    const user = await requireUser(ctx.authenticate, req);
    const { meta, body } = await writableTable(ctx, req, shape.createTableIn, req.body);
    const { status, feature } = await createRecord(ctx.db, meta, body, user.email, idempotencyKey(req, user.email), []);
    noteWrite(req, { kind: 'records', op: 'create', count: 1, replay: status === 200 });
    return reply.status(status).send(shape.created(meta, feature));
  };
}

/**
 * Create with photos from a multipart form, all or nothing. A table named in the URL is checked
 * before the form is read, one named inside the form's JSON after it.
 */
export function createWithPhotos(ctx: ApiContext, shape: AnswerShape): Handler {
  return async (req, reply) => {
    const user = await requireUser(ctx.authenticate, req);
    let meta = shape.createTableIn === 'path' ? (await writableTable(ctx, req, 'path', null)).meta : null;
    const key = idempotencyKey(req, user.email);
    const { name, what } = shape.formField;
    const form = await readForm(req, reply, [name]);
    let body = jsonField(form, name, what);
    if (meta === null) ({ meta, body } = await writableTable(ctx, req, 'body', body, `The ${what}`));
    const photos = await formPhotos(form, meta);
    const { status, feature } = await createRecord(ctx.db, meta, body, user.email, key, photos);
    const replay = status === 200;
    noteWrite(req, { kind: 'records', op: 'create', count: 1, replay });
    const bytes = replay ? 0 : photos.reduce((n, p) => n + p.photo.size, 0);
    noteWrite(req, { kind: 'photos', count: photos.length, bytes, replay });
    return reply.status(status).send(shape.createdWithPhotos(meta, feature));
  };
}

/** Update (creator only, STATUS 5 or empty; If-Match); `idName` is the record id's URL parameter. */
export function update(ctx: ApiContext, shape: AnswerShape, idName: string): Handler {
  return async (req, reply) => {
    const id = pathIds(req, idName)[idName] as number;
    const user = await requireUser(ctx.authenticate, req);
    const { meta } = await writableTable(ctx, req, 'path', null);
    const expected = ifMatch(req);
    const row = await ctx.db.transaction((tx) => updateOne(tx, meta, id, req.body, userViewer(user), expected));
    noteWrite(req, { kind: 'records', op: 'update', count: 1, replay: false });
    sendVersion(reply, row.version);
    return shape.updated(ctx.db, meta, row, userViewer(user));
  };
}

/** Delete `{tableId, recordId}` and its attachments (creator only, STATUS 5 or empty; If-Match). */
export function remove(ctx: ApiContext): Handler {
  return async (req) => {
    const user = await requireUser(ctx.authenticate, req);
    const b = shapedBody(req, 'DeleteRequest');
    const { tableId, recordId } = b;
    const { meta } = await writableTable(ctx, req, 'body', b);
    const expected = ifMatch(req);
    await ctx.db.transaction((tx) => deleteOne(tx, meta, recordId, userViewer(user), expected));
    noteWrite(req, { kind: 'records', op: 'delete', count: 1, replay: false });
    return { tableId, recordId, deleted: true };
  };
}

/** One page of a RecordQuery. */
export function search(ctx: ApiContext, shape: AnswerShape): Handler {
  return async (req) => {
    const { projectId } = pathIds(req, 'projectId');
    const query = parseRecordQuery(shapedBody(req, 'RecordQuery'));
    const viewer = viewerOf(await ctx.authenticate(req));
    const meta = await loadTable(ctx.db, projectId, query.tableId);
    const { rows, total } = await searchRecords(ctx.db, meta, query, viewer);
    return {
      [shape.key]: await shape.list(ctx.db, meta, rows, viewer),
      total,
      page: query.page,
      perPage: query.perPage,
    };
  };
}

/** The ids of a RecordQuery's matches (perPage up to RECORD_LIMITS.idsPerPage, default all of them up to that). */
export function searchIds(ctx: ApiContext): Handler {
  return async (req) => {
    const { projectId } = pathIds(req, 'projectId');
    const query = parseRecordQuery(shapedBody(req, 'RecordIdQuery'), RECORD_LIMITS.idsPerPage);
    const viewer = viewerOf(await ctx.authenticate(req));
    const meta = await loadTable(ctx.db, projectId, query.tableId);
    const { ids, total } = await searchRecordIds(ctx.db, meta, query, viewer);
    return { ids, total, page: query.page, perPage: query.perPage };
  };
}

/** The records of tables intersecting an extent, streamed (spatial/extentTables.ts). */
export function extentTables(ctx: ApiContext, shape: AnswerShape): Handler {
  return (req, reply) =>
    sendExtentTables(req, reply, ctx, pathIds(req, 'projectId').projectId, shape.key, shape.extentForm);
}

/** A bulk batch of creates, updates and deletes, all or nothing; a refused item is answered with its index. */
export function bulk(ctx: ApiContext, shape: AnswerShape): Handler {
  return async (req, reply) => {
    const { projectId } = pathIds(req, 'projectId');
    const user = await requireUser(ctx.authenticate, req);
    try {
      const input = parseBulk(shapedBody(req, 'BulkRequest'));
      const meta = await loadTable(ctx.db, projectId, input.tableId);
      assertWritableTable(meta);
      const out = await runBulk(ctx.db, meta, input, userViewer(user));
      for (const [op, count] of [
        ['create', out.created.length],
        ['update', out.updated.length],
        ['delete', out.deleted.length],
      ] as const)
        noteWrite(req, { kind: 'records', op, count, replay: false });
      const viewer = userViewer(user);
      return reply.send({
        tableId: meta.table.id,
        created: await shape.list(ctx.db, meta, out.created, viewer),
        updated: await shape.list(ctx.db, meta, out.updated, viewer),
        deleted: out.deleted,
      });
    } catch (e) {
      if (e instanceof BulkItemError) return sendBulkError(reply, e);
      throw e;
    }
  };
}

/** Records of one table by id, in the order asked, and the ids the caller cannot have. */
export function byIds(ctx: ApiContext): Handler {
  return async (req) => {
    const { projectId } = pathIds(req, 'projectId');
    const { tableId, ids: asked } = shapedBody(req, 'RecordIdsRequest');
    const ids = [...new Set(asked)];
    const viewer = viewerOf(await ctx.authenticate(req));
    const meta = await loadTable(ctx.db, projectId, tableId);
    const params: unknown[] = [ids, tableId, projectId];
    const rows = await ctx.db.query<RecordRow>(
      `select ${RECORD_COLUMNS} from records r where r.id = any($1::int[]) and r.table_id = $2 and r.project_id = $3 and not r.archived
          and ${visibleSql(meta, 'r', params, viewer)}`,
      params,
    );
    const byId = new Map((await toDataRecords(ctx.db, meta, rows, viewer)).map((r) => [r.id, r]));
    return { records: ids.flatMap((id) => byId.get(id) ?? []), missing: ids.filter((id) => !byId.has(id)) };
  };
}

/** Archive (the creator, STATUS 5 or empty; an administrator any record) or restore (administrators only). */
export function archive(ctx: ApiContext): Handler {
  return async (req) => {
    const { projectId } = pathIds(req, 'projectId');
    const user = await requireUser(ctx.authenticate, req);
    const { tableId, recordId, archived: given } = shapedBody(req, 'ArchiveRequest');
    const archived = given !== false;
    const admin = isAdmin(user);
    if (!archived && !admin) throw forbidden('Only an administrator may restore an archived record');
    const meta = await loadTable(ctx.db, projectId, tableId);
    await ctx.db.transaction(async (tx) => {
      const row = await readRecordAs(tx, meta, recordId, userViewer(user), admin, true);
      if (!row) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
      if (!admin) assertCanEdit(meta, row, user.email);
      await describeChange(tx, user.email);
      await tx.query('update records set archived = $2, updated_at = now(), version = version + 1 where id = $1', [
        recordId,
        archived,
      ]);
    });
    noteWrite(req, { kind: 'records', op: archived ? 'archive' : 'restore', count: 1, replay: false });
    return { tableId, recordId, archived };
  };
}
