/**
 * GET /api/Changes/{projectId}: the change feed (feed.ts) of one or more tables since a cursor, so a
 * device that holds a copy of the map's records downloads only what changed since its last visit.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../../../domain/review.ts';
import { badRequest } from '../../http/errors.ts';
import { viewerOf } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { parseIdList } from '../http/input.ts';
import { sendJsonText } from '../http/compress.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { Type, idParams, type Static } from '../../../domain/shapes/build.ts';
import { MAX_EXTENT_TABLES } from '../spatial/extentTables.ts';
import { BLOCK_ROWS, COLUMNS_MEDIA_TYPE } from '../../../domain/layerColumns/format.ts';
import {
  currentCursor,
  validCursor,
  cursorTooOld,
  pruneRemovals,
  tableAll,
  tableChanges,
  tablePages,
  type TableChanges,
} from './feed.ts';
import { columnsAnswer, fullBlocks, sendColumns } from './columnsAnswer.ts';
import { joinMessages } from '../../../domain/layerColumns/encode.ts';
import { cellFor, MAX_VIEW_WHOLE, tableView } from './viewAnswer.ts';
import { parseExtent } from '../../geo/validate.ts';
import { clientGone } from '../../http/clientGone.ts';

/** How often one process prunes old removals (on a feed request). */
const PRUNE_EVERY_MS = 60 * 60_000;

/** The answer: the next cursor, the viewer, whether the device must load afresh, and each table's changes. */
function answerText(cursor: string, viewer: string, reset: boolean, tables: Map<number, TableChanges>): string {
  const parts = [...tables].map(
    ([id, c]) => `"${id}":{"upserts":[${c.upserts.join(',')}],"removed":${JSON.stringify(c.removed)}}`,
  );
  return `{"cursor":"${cursor}","viewer":"${viewer}","reset":${reset},"tables":{${parts.join(',')}}}`;
}

/**
 * Who the caller is, as far as what she may see goes (her e-mail and the groups she reviews), as an
 * opaque digest: a device whose copy was made for another digest loads afresh (a role changed).
 */
function viewerDigest(viewer: Viewer): string {
  const scope = viewer.review.all ? '*' : [...viewer.review.groups].sort((a, b) => a - b).join(',');
  return createHash('sha256')
    .update(`${viewer.email ?? ''}\n${scope}`)
    .digest('hex')
    .slice(0, 16);
}

/** Registers GET /api/Changes/{projectId}. */
/** The query of GET /api/Changes: the tables, the cursor and the form of the items. */
const CHANGES_QUERY = Type.Object({
  tableIds: Type.String({ description: 'Comma-separated table ids, e.g. 48' }),
  since: Type.Optional(
    Type.String({
      description: 'The cursor of the previous answer; without it the answer has only a cursor and reset: true',
    }),
  ),
  columnIds: Type.Optional(
    Type.String({ description: 'Comma-separated column ids to keep in the items, as in extenttables' }),
  ),
  form: Type.Optional(
    Type.Enum(['record', 'feature', 'columns'], {
      description: `Items as Records/extenttables (default), Features/extenttables, or the Features as typed-array columns (${COLUMNS_MEDIA_TYPE}, docs/layer-wire-format.md)`,
    }),
  ),
  full: Type.Optional(
    Type.Enum(['true'], {
      description:
        'true: every record the caller may see on a map, as upserts, with the cursor of the same snapshot (a full load; not with since)',
    }),
  ),
  view: Type.Optional(
    Type.String({
      description:
        'minx,miny,maxx,maxy: the first view of a device without a copy: the records the caller may see in the extent, at most one per square cell of side `cell` (form=columns only; not with since or full)',
    }),
  ),
  cell: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'With view: the side of a cell in metres' })),
  whole: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: MAX_VIEW_WHOLE,
      description: 'With view: an extent holding at most this many finds (default 0) is answered whole, not thinned',
    }),
  ),
});

export function registerChangeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, docs } = ctx;
  let prunedAt = 0;
  docs.define(app, {
    method: 'GET',
    url: '/api/Changes/:projectId',
    params: idParams('projectId'),
    querystring: CHANGES_QUERY,
    doc: {
      summary: 'What changed in the tables since a cursor, as the caller may see it',
      description:
        'Items are in the form of Records/extenttables, or Features/extenttables with form=feature (with `version` and `generalised` where those have them). ' +
        '`removed` lists records deleted, archived, without a place or no longer visible to the caller. ' +
        'A record may be answered again after the next cursor: apply upserts by id. With `reset: true` the ' +
        'device loads the tables afresh (no cursor yet, a cursor older than the kept removals, or too many changes), ' +
        'after taking this answer’s cursor. A device keeps one copy per caller and loads afresh when its roles change. ' +
        'With full=true the answer is that full load itself (every record the caller may see with a place), read in the ' +
        `snapshot of its cursor. form=columns answers the same as ${COLUMNS_MEDIA_TYPE} (docs/layer-wire-format.md). ` +
        'With view and cell the answer is one columns message of the records in that extent thinned to one per cell ' +
        '(the lowest id of a cell, as upserts): what a new device draws while its full load arrives; it is not a copy to keep.',
      tag: 'Records',
      auth: 'optional',
      responses: {
        200: {
          description: 'The next cursor and the changes per table',
          schema: {
            type: 'object',
            required: ['cursor', 'reset', 'tables'],
            properties: {
              cursor: { type: 'string' },
              viewer: {
                type: 'string',
                description: 'Who the answer is for; another value than before means: load afresh',
              },
              reset: { type: 'boolean' },
              tables: {
                type: 'object',
                additionalProperties: {
                  type: 'object',
                  properties: {
                    upserts: { type: 'array', items: { type: 'object' } },
                    removed: { type: 'array', items: { type: 'integer' } },
                  },
                },
              },
            },
          },
        },
        400: 'Bad cursor, table list, view or cell, or a table without geometry',
        404: 'Unknown project or table',
      },
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      const q = req.query as Static<typeof CHANGES_QUERY>;
      const full = q.full === 'true';
      if (full && q.since !== undefined) throw badRequest('full and since exclude each other');
      const columns = q.form === 'columns';
      const view = q.view === undefined ? null : parseExtent(q.view);
      const cell = view ? cellFor(q.cell, view) : null;
      const whole = q.whole ?? 0;
      if (!view && (q.cell !== undefined || q.whole !== undefined)) throw badRequest('cell and whole go with view');
      if (view && (!columns || full || q.since !== undefined))
        throw badRequest('view goes with form=columns, without since or full');
      // The columns carry the Features form's items.
      const form = q.form === 'feature' || columns ? 'feature' : 'record';
      const tableIds = parseIdList(q.tableIds, 'tableIds', MAX_EXTENT_TABLES);
      const columnIds =
        q.columnIds === undefined || q.columnIds === '' ? null : parseIdList(q.columnIds, 'columnIds', 500);
      if (q.since !== undefined && !(await validCursor(db, q.since))) {
        throw badRequest('since must be a cursor given by this route');
      }
      const viewer = viewerOf(await ctx.authenticate(req));
      const digest = viewerDigest(viewer);
      const metas: TableMeta[] = [];
      for (const tableId of tableIds) {
        const meta = await loadTable(db, projectId, tableId);
        if (meta.table.geometryType == null) throw badRequest(`Table ${tableId} has no geometry`);
        metas.push(meta);
      }
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneRemovals(db);
      }
      reply.header('cache-control', 'no-store');
      const since = q.since as string | undefined;
      // A full load read for a caller who has left stops at its next page.
      const gone = clientGone(reply);
      // One snapshot for the cursor and every read (feed.ts says why).
      const answer = await db.transaction(async (tx) => {
        await tx.query('set transaction isolation level repeatable read');
        const cursor = await currentCursor(tx);
        const tables = new Map<number, TableChanges>();
        const reset = { cursor, reset: true, tables, blocks: null };
        if (view && cell !== null) {
          for (const meta of metas)
            tables.set(meta.table.id, await tableView(tx, meta, viewer, view, cell, whole, columnIds, form));
          return { cursor, reset: false, tables, blocks: null };
        }
        if (full && columns) {
          // Block by block as the pages are read: the whole load is never held as JSON texts.
          const head = { cursor, viewer: digest, reset: false };
          const blocks: Uint8Array[] = [];
          for (const meta of metas) {
            const pages = tablePages(tx, meta, viewer, columnIds, form, BLOCK_ROWS);
            blocks.push(...(await fullBlocks(meta.table.id, pages, head, gone)));
          }
          return { cursor, reset: false, tables, blocks };
        }
        if (full) {
          for (const meta of metas) tables.set(meta.table.id, await tableAll(tx, meta, viewer, columnIds, form));
          return { cursor, reset: false, tables, blocks: null };
        }
        if (since === undefined || (await cursorTooOld(tx, since))) return reset;
        for (const meta of metas) {
          const changes = await tableChanges(tx, meta, viewer, since, columnIds, form);
          if (changes === null) return { ...reset, tables: new Map<number, TableChanges>() };
          tables.set(meta.table.id, changes);
        }
        return { cursor, reset: false, tables, blocks: null };
      });
      if (answer.blocks) return sendColumns(req, reply, joinMessages(answer.blocks));
      if (columns)
        return sendColumns(
          req,
          reply,
          columnsAnswer({ cursor: answer.cursor, viewer: digest, reset: answer.reset }, answer.tables),
        );
      return sendJsonText(req, reply, answerText(answer.cursor, digest, answer.reset, answer.tables));
    },
  });
}
