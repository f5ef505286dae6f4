import type { FastifyInstance } from 'fastify';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { assertCanEdit, assertWritableTable, canSee, requireUser, userViewer, viewerOf, visibleSql } from '../access/recordAccess.ts';
import { isAdmin } from '../access/admin.ts';
import { JSON_BODY_LIMIT, JSON_TYPES, pathIds, type ApiContext } from '../http/context.ts';
import { createFeature } from './createFlow.ts';
import { idempotencyKey } from './idempotency.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { RECORD_COLUMNS, attachmentsOf, toDataRecord, type RecordRow } from './store.ts';
import { deleteOne, toDataRecords, updateOne } from './recordWrites.ts';
import { IF_MATCH_HEADER, ifMatch, sendVersion } from './versions.ts';
import { idParams, ref } from '../openapi/schemas.ts';
import { describeChange } from '../review/history.ts';
import { bodyObject, positiveInt } from './prepareWrite.ts';

/** Most ids in one POST /api/Records/{projectId}/ids. */
export const MAX_IDS = 1000;

const IDEMPOTENCY_HEADER = {
  'Idempotency-Key': { description: 'Repeating a create with the same key returns the first result (200).', schema: { type: 'string', maxLength: 200 } },
};

/**
 * Single records: read, update, create, delete, archive, and many by id. Archived records stay
 * in the database but leave every listing; only an administrator can read (GET) or restore one.
 */
export function registerRecordItemRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'GET', url: '/api/Records/:projectId/:tableId/:recordId', params: idParams('projectId', 'tableId', 'recordId'),
    doc: {
      summary: 'One record with its attachments', tag: 'Records', auth: 'optional',
      description: 'Archived and JAVNO false records answer 404, except to an administrator (any record) and, for JAVNO false, to their creator.',
      responses: { 200: { description: 'The record (ETag: its version)', schema: ref('RecordDetail') }, 404: { description: 'Unknown, archived or not visible' } },
    },
    async handler(req, reply) {
      const { projectId, tableId, recordId } = pathIds(req, 'projectId', 'tableId', 'recordId');
      const user = await authenticate(req);
      const viewer = viewerOf(user);
      const meta = await loadTable(db, projectId, tableId);
      const rows = await db.query<RecordRow & { archived: boolean }>(
        `select ${RECORD_COLUMNS}, r.archived from records r where r.id = $1 and r.table_id = $2 and r.project_id = $3`, [recordId, tableId, projectId]);
      const row = rows[0];
      const admin = isAdmin(user);
      if (!row || (!admin && (row.archived || !canSee(meta, row, viewer)))) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
      const att = await attachmentsOf(db, [row.id]);
      sendVersion(reply, row.version);
      return { ...toDataRecord(meta, row, viewer, att.get(row.id) ?? []), archived: row.archived };
    },
  });

  docs.define(app, {
    method: 'PUT', url: '/api/Records/:projectId/:tableId/:recordId', params: idParams('projectId', 'tableId', 'recordId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Update a record (creator only, STATUS 5 or empty)', tag: 'Records', auth: 'required', headers: IF_MATCH_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('FeatureUpdate') },
      responses: {
        200: { description: 'The updated record', schema: ref('DataRecord') }, 400: { description: 'Invalid body' }, 401: { description: 'No token' },
        403: { description: 'Read-only table, not the creator, or already reviewed' }, 404: { description: 'Unknown, archived or not visible' },
        412: { description: 'If-Match names an older version: the body has the current record (current) and its version' },
      },
    },
    async handler(req, reply) {
      const { projectId, tableId, recordId } = pathIds(req, 'projectId', 'tableId', 'recordId');
      const user = await requireUser(authenticate, req);
      const meta = await loadTable(db, projectId, tableId);
      assertWritableTable(meta);
      bodyObject(req.body);
      const expected = ifMatch(req);
      const row = await db.transaction((tx) => updateOne(tx, meta, recordId, req.body, userViewer(user), expected));
      sendVersion(reply, row.version);
      return (await toDataRecords(db, meta, [row], userViewer(user)))[0];
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/ids', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: `Records of one table by id (at most ${MAX_IDS}), in the order asked`, tag: 'Records', auth: 'optional',
      body: { contentType: JSON_TYPES, schema: ref('RecordIdsRequest') },
      responses: { 200: { description: 'The records the caller may see, and the ids that are not there', schema: ref('RecordList') }, 400: { description: 'Invalid body' }, 404: { description: 'Unknown project or table' } },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const b = bodyObject(req.body);
      const tableId = positiveInt(b.tableId, 'tableId');
      if (!Array.isArray(b.ids) || b.ids.length === 0 || b.ids.length > MAX_IDS) throw badRequest(`ids must be an array of 1-${MAX_IDS} record ids`);
      const ids = [...new Set(b.ids.map((v, i) => positiveInt(v, `ids[${i}]`)))];
      const viewer = viewerOf(await authenticate(req));
      const meta = await loadTable(db, projectId, tableId);
      const params: unknown[] = [ids, tableId, projectId];
      const rows = await db.query<RecordRow>(
        `select ${RECORD_COLUMNS} from records r where r.id = any($1::int[]) and r.table_id = $2 and r.project_id = $3 and not r.archived
            and ${visibleSql(meta, 'r', params, viewer)}`, params);
      const byId = new Map((await toDataRecords(db, meta, rows, viewer)).map((r) => [r.id, r]));
      return { records: ids.flatMap((id) => byId.get(id) ?? []), missing: ids.filter((id) => !byId.has(id)) };
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Create a record', tag: 'Records', auth: 'required', headers: IDEMPOTENCY_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('RecordCreate') },
      responses: {
        201: { description: 'Created', schema: ref('DataRecord') }, 200: { description: 'Repeated Idempotency-Key: the first result', schema: ref('DataRecord') },
        400: { description: 'Invalid body, column, value or geometry' }, 401: { description: 'No token' }, 403: { description: 'Read-only table' }, 404: { description: 'Unknown project or table' },
      },
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const b = bodyObject(req.body);
      const meta = await loadTable(db, projectId, positiveInt(b.tableId, 'tableId'));
      assertWritableTable(meta);
      const { status, feature: f } = await createFeature(db, meta, b, user.email, idempotencyKey(req, user.email), []);
      return reply.status(status).send({
        id: f.id, tableId: meta.table.id, properties: f.properties, geometry: f.geometry, attachments: f.attachments,
        createdByEmail: f.createdByEmail, createdAt: f.createdAt, updatedAt: f.updatedAt, version: f.version,
      });
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/delete', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Delete a record and its attachments (creator only, STATUS 5 or empty)', tag: 'Records', auth: 'required', headers: IF_MATCH_HEADER,
      body: { contentType: JSON_TYPES, schema: ref('DeleteRequest') },
      responses: {
        200: { description: 'Deleted', schema: ref('DeleteResult') }, 400: { description: 'Invalid body' }, 401: { description: 'No token' },
        403: { description: 'Not the creator, or already reviewed' }, 404: { description: 'Unknown, archived or not visible' },
        412: { description: 'If-Match names an older version: the body has the current record (current) and its version' },
      },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const b = bodyObject(req.body);
      const tableId = positiveInt(b.tableId, 'tableId');
      const recordId = positiveInt(b.recordId, 'recordId');
      const meta = await loadTable(db, projectId, tableId);
      assertWritableTable(meta);
      const expected = ifMatch(req);
      await db.transaction((tx) => deleteOne(tx, meta, recordId, userViewer(user), expected));
      return { tableId, recordId, deleted: true };
    },
  });

  docs.define(app, {
    method: 'POST', url: '/api/Records/:projectId/archive', params: idParams('projectId'), bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Archive a record (or restore it): kept in the database, gone from every listing', tag: 'Records', auth: 'required',
      description: 'The creator may archive their own record while its STATUS is 5 or empty; an administrator may archive any record and is the only one who may restore (archived: false).',
      body: { contentType: JSON_TYPES, schema: ref('ArchiveRequest') },
      responses: {
        200: { description: 'The new state', schema: ref('ArchiveResult') }, 400: { description: 'Invalid body' }, 401: { description: 'No token' },
        403: { description: 'Not the creator, already reviewed, or a restore by a non-administrator' }, 404: { description: 'Unknown or not visible' },
      },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const b = bodyObject(req.body);
      const tableId = positiveInt(b.tableId, 'tableId');
      const recordId = positiveInt(b.recordId, 'recordId');
      if (b.archived !== undefined && typeof b.archived !== 'boolean') throw badRequest('archived must be true or false');
      const archived = b.archived !== false;
      const admin = isAdmin(user);
      if (!archived && !admin) throw forbidden('Only an administrator may restore an archived record');
      const meta = await loadTable(db, projectId, tableId);
      await db.transaction(async (tx) => {
        const rows = await tx.query<RecordRow & { archived: boolean }>(
          `select ${RECORD_COLUMNS}, r.archived from records r where r.id = $1 and r.table_id = $2 and r.project_id = $3 for update`, [recordId, tableId, projectId]);
        const row = rows[0];
        if (!row || (!admin && (row.archived || !canSee(meta, row, userViewer(user))))) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
        if (!admin) assertCanEdit(meta, row, user.email);
        await describeChange(tx, user.email);
        await tx.query('update records set archived = $2, updated_at = now(), version = version + 1 where id = $1', [recordId, archived]);
      });
      return { tableId, recordId, archived };
    },
  });
}
