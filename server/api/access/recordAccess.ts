import type { FastifyRequest } from 'fastify';
import type { Properties } from '../../../domain/model.ts';
import type { AuthUser, Authenticate } from '../../auth/types.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { TableMeta } from '../meta/tableMeta.ts';
import { isPublicValue, PUBLIC_FLAG_TEXTS } from '../../../domain/visibility.ts';
import { isEditableStatus, STATUS_REJECTED } from '../../../domain/statuses.ts';
import { WITHHELD } from '../../../domain/sensitivity.ts';
import {
  isVisibleTo,
  NO_REVIEW,
  reviewScope,
  reviewsGroup,
  seesCreator,
  type Viewer,
  type VisibleRecord,
} from '../../../domain/review.ts';

/** An e-mail in the form records store it (created_by_email, actor_email): trimmed, lower case. */
export function storedEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The caller's e-mail in the form it is stored (lower case), or null when anonymous. */
export function emailOf(user: AuthUser | null): string | null {
  return user?.email ? storedEmail(user.email) : null;
}

/** The OpenAPI response of requireUser's refusal. */
export const USER_ERRORS = { 401: { description: 'No token' } };

/** The refusals of a change to a record: no token, or not the caller's to change (assertCanEdit). */
export const EDIT_ERRORS = { ...USER_ERRORS, 403: 'Not allowed' };

/** The caller, or 401 when the request has no token (a bad token is already a 401 from authenticate). */
export async function requireUser(
  authenticate: Authenticate,
  req: FastifyRequest,
): Promise<AuthUser & { email: string }> {
  const user = await authenticate(req);
  if (!user || !emailOf(user)) throw unauthorized('Sign in to change data: a bearer token with an e-mail is required');
  return { ...user, email: emailOf(user) as string };
}

/** Appends a parameter and returns its placeholder. */
export function param(params: unknown[], value: unknown, cast = ''): string {
  params.push(value);
  return `$${params.length}${cast}`;
}

/** Who is calling, as the visibility rules need it: e-mail and review scope (domain/review.ts). */
export function viewerOf(user: AuthUser | null): Viewer {
  return { email: emailOf(user), review: reviewScope(user?.roles ?? []) };
}

/** The viewer of a signed-in caller (requireUser's result), with the e-mail known to be there. */
export function userViewer(user: AuthUser & { email: string }): Viewer & { email: string } {
  return { email: user.email, review: reviewScope(user.roles) };
}

/** A signed-in caller seen only as the creator of what they write (creates, and the writes only a record's creator may make). */
export function creatorViewer(email: string): Viewer {
  return { email, review: NO_REVIEW };
}

/** SQL: true when the viewer reviews the group of `alias` (the same test as reviewsGroup). */
function reviewedSql(meta: TableMeta, alias: string, params: unknown[], viewer: Viewer): string {
  const group = meta.roles.group;
  if (!group) return viewer.review.all ? 'true' : 'false';
  if (viewer.review.all) return 'true';
  if (viewer.review.groups.length === 0) return 'false';
  return `(${alias}.properties->>${param(params, String(group.id), '::text')}) = any(${param(params, viewer.review.groups.map(String), '::text[]')})`;
}

/** SQL: true when the viewer created the row of `alias`. */
function ownSql(alias: string, params: unknown[], viewer: Viewer): string {
  return viewer.email === null ? 'false' : `${alias}.created_by_email = ${param(params, viewer.email, '::text')}`;
}

/**
 * SQL: the rows of `alias` the viewer may see, by domain/review.ts `isVisibleTo`: their own and
 * those of the groups they review always; anything else when public and not rejected.
 */
export function visibleSql(meta: TableMeta, alias: string, params: unknown[], viewer: Viewer): string {
  const { isPublic, status } = meta.roles;
  const publicSql = isPublic
    ? `${alias}.properties->>${param(params, String(isPublic.id), '::text')} in (${PUBLIC_FLAG_TEXTS.map((t) => param(params, t, '::text')).join(', ')})`
    : 'true';
  const notRejected = status
    ? `coalesce(${alias}.properties->>${param(params, String(status.id), '::text')}, '') <> ${param(params, String(STATUS_REJECTED), '::text')}`
    : 'true';
  // A class 3 find (domain/sensitivity.ts WITHHELD) is not shown publicly at all.
  const notWithheld = `${alias}.generalised <> ${WITHHELD}`;
  return `((${publicSql} and ${notRejected} and ${notWithheld}) or ${ownSql(alias, params, viewer)} or ${reviewedSql(meta, alias, params, viewer)})`;
}

/** SQL: the properties of `alias` with the creator e-mail removed unless the viewer created the row or reviews it. */
export function maskedPropertiesSql(meta: TableMeta, alias: string, params: unknown[], viewer: Viewer): string {
  const col = meta.roles.creator;
  if (!col) return `${alias}.properties`;
  return `(case when ${seesCreatorSql(meta, alias, params, viewer)} then ${alias}.properties else ${alias}.properties - ${param(params, String(col.id), '::text')} end)`;
}

/** SQL: true when the viewer may see who created the row of `alias` (domain/review.ts seesCreator). */
export function seesCreatorSql(meta: TableMeta, alias: string, params: unknown[], viewer: Viewer): string {
  return `(${ownSql(alias, params, viewer)} or ${reviewedSql(meta, alias, params, viewer)})`;
}

/** A stored row as far as access rules care. */
export interface OwnedRow {
  properties: Properties;
  created_by_email: string | null;
  /** records.generalised (domain/sensitivity.ts); -1 withholds the find from the public. */
  generalised?: number;
}

/** The fields of a row the domain's visibility rule reads. */
function visibleRecord(meta: TableMeta, row: OwnedRow): VisibleRecord {
  const { isPublic, status, group } = meta.roles;
  return {
    isPublic: isPublic ? isPublicValue(row.properties[String(isPublic.id)]) : true,
    status: status ? row.properties[String(status.id)] : null,
    group: group ? row.properties[String(group.id)] : null,
    createdBy: row.created_by_email,
    withheld: row.generalised === WITHHELD,
  };
}

/** True when the viewer may see the row (domain/review.ts isVisibleTo). */
export function canSee(meta: TableMeta, row: OwnedRow, viewer: Viewer): boolean {
  return isVisibleTo(visibleRecord(meta, row), viewer);
}

/** True when the viewer reviews the row's group. */
export function canReview(meta: TableMeta, row: OwnedRow, viewer: Viewer): boolean {
  return reviewsGroup(viewer.review, meta.roles.group ? row.properties[String(meta.roles.group.id)] : null);
}

/** True when the viewer may see who created the row (its creator and the group's reviewers). */
export function canSeeCreator(meta: TableMeta, row: OwnedRow, viewer: Viewer): boolean {
  return seesCreator(visibleRecord(meta, row), viewer);
}

/** The row's properties with the creator e-mail removed unless the viewer created it or reviews it. */
export function maskProperties(meta: TableMeta, row: OwnedRow, viewer: Viewer): Properties {
  const col = meta.roles.creator;
  if (!col || canSeeCreator(meta, row, viewer)) return row.properties;
  const { [String(col.id)]: _hidden, ...rest } = row.properties;
  return rest;
}

/** 403 unless the table takes user writes (it has a creator column). */
export function assertWritableTable(meta: TableMeta): void {
  if (!meta.roles.creator) throw forbidden(`Table ${meta.table.id} (${meta.table.name}) is read-only`);
}

/** 403 with the reason unless the caller created the row and its STATUS is 5 or empty. */
export function assertCanEdit(meta: TableMeta, row: OwnedRow, email: string): void {
  assertWritableTable(meta);
  if (row.created_by_email !== email) throw forbidden('Only the creator of a record may change or delete it');
  const status = meta.roles.status;
  if (status) {
    const v = row.properties[String(status.id)];
    if (!isEditableStatus(v)) {
      throw forbidden(`The record has STATUS ${JSON.stringify(v)}: only records with STATUS 5 or empty can be changed`);
    }
  }
}
