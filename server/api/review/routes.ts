import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Properties } from '../../../domain/model.ts';
import { verdictProblem } from '../../../domain/review.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { USER_ERRORS, canReview, canSee, requireUser, userViewer } from '../access/recordAccess.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { addComment, commentOf, describeChange, notificationsFor, readHistory } from './history.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { readRecord, updateRecord, type RecordRow } from '../records/store.ts';
import { toDataRecords, toFeature } from '../records/shapes.ts';
import { Type, idParams, type Static } from '../../../domain/shapes/build.ts';
import { applyUnitRules, checkForeignKeys } from '../records/unitRules.ts';
import { IF_MATCH_HEADER, assertVersion, ifMatch, sendVersion } from '../records/versions.ts';
import { shapedBody } from '../http/input.ts';

/**
 * Review (issue #20): reviewers (the token's `reviewer` or `reviewer:<group>` roles, domain/review.ts)
 * give verdicts and correct the species of the records of their groups; reviewers and reporters
 * comment; both read the history; reporters read what happened to their finds. Every rule is
 * checked here, whatever the UI shows.
 */

/** Reads a record for a review or a comment, locked: 404 unless the caller may see it. */
async function lockedRecord(
  tx: Queryable,
  meta: TableMeta,
  id: number,
  viewer: ReturnType<typeof userViewer>,
): Promise<RecordRow> {
  const row = await readRecord(tx, meta, id, true);
  if (!row || !canSee(meta, row, viewer)) throw notFound(`Record ${id} does not exist in table ${meta.table.id}`);
  return row;
}

/** 403 unless the caller reviews the record's group. */
function assertReviewer(meta: TableMeta, row: RecordRow, viewer: ReturnType<typeof userViewer>): void {
  if (!canReview(meta, row, viewer)) {
    const g = meta.roles.group ? row.properties[String(meta.roles.group.id)] : null;
    throw forbidden(
      `Only a reviewer of group ${JSON.stringify(g)} (role "reviewer" or "reviewer:${String(g)}") may review this record`,
    );
  }
}

/** The new properties of a species correction: the new species, its public name and group; the reporter's choice stays in VRSTA_ORIG. */
async function correctSpecies(tx: Queryable, meta: TableMeta, props: Properties, species: number): Promise<Properties> {
  const col = meta.roles.species;
  if (!col) throw badRequest(`Table ${meta.table.id} has no species column`);
  const next: Properties = { ...props, [String(col.id)]: species };
  await checkForeignKeys(tx, meta, { [String(col.id)]: species });
  if (meta.roles.group) next[String(meta.roles.group.id)] = null;
  // speciesChanged = false: VRSTA_ORIG (the original species) keeps what the reporter chose.
  await applyUnitRules(tx, meta, next, {}, false);
  return next;
}

/** The refusals of the routes for a record's creator and its reviewers (history, comments). */
const PARTICIPANT_REFUSALS = {
  ...USER_ERRORS,
  403: 'Neither the creator nor a reviewer of the group',
  404: 'Unknown or not visible',
};

/** Registers the review, comment, history and notification routes. */
/** The query of GET /api/Notifications: the last entry the caller has seen (0: from the start). */
const NOTIFICATIONS_QUERY = Type.Object({ after: Type.Optional(Type.Integer({ minimum: 0, default: 0 })) });

export function registerReviewRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;
  const recordParams = idParams('projectId', 'tableId', 'recordId');
  /** The ids of a route on one record and its signed-in caller (401 without a token). */
  const recordCaller = async (req: FastifyRequest) => {
    const user = await requireUser(authenticate, req);
    return { ...pathIds(req, 'projectId', 'tableId', 'recordId'), user, viewer: userViewer(user) };
  };

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/:tableId/:recordId/review',
    params: recordParams,
    guard: recordCaller,
    doc: {
      summary: "A reviewer's verdict and/or species correction",
      tag: 'Review',
      auth: 'required',
      headers: IF_MATCH_HEADER,
      description:
        "For reviewers of the record's group (role `reviewer`, or `reviewer:<group id>`). `status`: 1 Potrjeno, 2 Zavrnjeno (needs `comment`: the reason), 3 Potrebna dopolnitev (needs `comment`: the question), 5 back to waiting (from 1, 2 or 3; needs `comment`). From 5 (or empty): 1, 2, 3; from 3: 1, 2, 5; from 1 or 2: only 5. `species` corrects the species (the reporter's choice stays in column 1000); the reviewer must review the new species' group too. A reviewer does not review her own records.",
      body: 'ReviewRequest',
      responses: {
        200: { description: 'The record after the review (ETag: its version)', shape: 'DataRecord' },
        400: 'Invalid body, or a verdict without its reason, question or comment',
        ...USER_ERRORS,
        403: "Not a reviewer of the group, or the reviewer's own record",
        404: 'Unknown, archived or not visible',
        409: "The verdict does not follow from the record's STATUS",
        412: 'If-Match names an older version (body: current record)',
      },
    },
    async handler(req, reply) {
      const { projectId, tableId, recordId, user, viewer } = await recordCaller(req);
      const b = shapedBody(req, 'ReviewRequest');
      const meta = await loadTable(db, projectId, tableId);
      const statusCol = meta.roles.status;
      if (!statusCol) throw badRequest(`Table ${tableId} has no STATUS column`);
      const status = b.status ?? null;
      const species = b.species ?? null;
      const comment = commentOf(b.comment);
      if (status === null && species === null)
        throw badRequest('Give a status, a species or both (a comment alone goes to /comments)');
      const expected = ifMatch(req);
      const row = await db.transaction(async (tx) => {
        const row = await lockedRecord(tx, meta, recordId, viewer);
        assertReviewer(meta, row, viewer);
        if (row.created_by_email === user.email) throw forbidden('A reviewer does not review her own records');
        assertVersion(expected, row.version, () => toFeature(meta, row, viewer));
        let props: Properties = { ...row.properties };
        if (species !== null) {
          props = await correctSpecies(tx, meta, props, species);
          if (!canReview(meta, { ...row, properties: props }, viewer))
            throw forbidden('The corrected species belongs to a group you do not review');
        }
        if (status !== null) {
          const problem = verdictProblem(row.properties[String(statusCol.id)], status, comment);
          if (problem) throw new HttpError(/needs/.test(problem) ? 400 : 409, problem);
          props[String(statusCol.id)] = status;
        }
        await describeChange(tx, user.email, status !== null ? 'verdict' : 'species', comment);
        return updateRecord(tx, row.id, props, null);
      });
      sendVersion(reply, row.version);
      return (await toDataRecords(db, meta, [row], viewer))[0];
    },
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Records/:projectId/:tableId/:recordId/history',
    params: recordParams,
    doc: {
      summary: 'The history of a record: every change, verdict and comment, oldest first',
      tag: 'Review',
      auth: 'required',
      description:
        "For the record's creator and the reviewers of its group. Append-only: there is no route that changes or removes an entry.",
      responses: {
        200: { description: 'The entries', shape: 'History' },
        ...PARTICIPANT_REFUSALS,
      },
    },
    async handler(req) {
      const { projectId, tableId, recordId, user, viewer } = await recordCaller(req);
      const meta = await loadTable(db, projectId, tableId);
      const row = await readRecord(db, meta, recordId);
      if (!row || !canSee(meta, row, viewer)) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
      if (row.created_by_email !== user.email && !canReview(meta, row, viewer))
        throw forbidden("Only the creator and the reviewers of its group read a record's history");
      return { entries: await readHistory(db, recordId) };
    },
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/:tableId/:recordId/comments',
    params: recordParams,
    guard: recordCaller,
    doc: {
      summary: 'Comment on a record (its creator or a reviewer of its group)',
      tag: 'Review',
      auth: 'required',
      body: 'CommentRequest',
      responses: {
        201: { description: 'The new history entry', shape: 'HistoryEntry' },
        400: 'Empty or too long',
        ...PARTICIPANT_REFUSALS,
      },
    },
    async handler(req, reply) {
      const { projectId, tableId, recordId, user, viewer } = await recordCaller(req);
      const text = commentOf(shapedBody(req, 'CommentRequest').text, 'text');
      if (text === null) throw badRequest('text must not be empty');
      const meta = await loadTable(db, projectId, tableId);
      const entry = await db.transaction(async (tx) => {
        const row = await lockedRecord(tx, meta, recordId, viewer);
        if (row.created_by_email !== user.email && !canReview(meta, row, viewer))
          throw forbidden('Only the creator and the reviewers of its group comment on a record');
        return addComment(tx, row, user.email, text);
      });
      return reply.status(201).send(entry);
    },
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/Notifications/:projectId',
    params: idParams('projectId'),
    querystring: NOTIFICATIONS_QUERY,
    doc: {
      summary:
        "What others did to the caller's records (verdicts, species corrections, comments, archiving) after entry `after`",
      tag: 'Review',
      auth: 'required',
      responses: {
        200: { description: 'Entries, oldest first, at most 200', shape: 'History' },
        ...USER_ERRORS,
      },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const after = (req.query as Static<typeof NOTIFICATIONS_QUERY>).after ?? 0;
      return { entries: await notificationsFor(db, projectId, user.email, after) };
    },
  });
}
