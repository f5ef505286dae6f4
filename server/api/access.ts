import type { FastifyRequest } from 'fastify';
import type { Properties } from '../../worker/types.ts';
import type { AuthUser, Authenticate } from '../auth/types.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TableMeta } from './meta.ts';
import { isPublicValue, PUBLIC_FLAG_TEXTS } from '../../domain/visibility.ts';
import { isEditableStatus } from '../../domain/statuses.ts';

/** The caller's e-mail in the form it is stored (lower case), or null when anonymous. */
export function emailOf(user: AuthUser | null): string | null {
  return user?.email ? user.email.trim().toLowerCase() : null;
}

/** The caller, or 401 when the request has no token (a bad token is already a 401 from authenticate). */
export async function requireUser(authenticate: Authenticate, req: FastifyRequest): Promise<AuthUser & { email: string }> {
  const user = await authenticate(req);
  if (!user || !emailOf(user)) throw unauthorized('Sign in to change data: a bearer token with an e-mail is required');
  return { ...user, email: emailOf(user) as string };
}

/** Appends a parameter and returns its placeholder. */
export function param(params: unknown[], value: unknown, cast = ''): string {
  params.push(value);
  return `$${params.length}${cast}`;
}


/** SQL: the rows of `alias` the caller may see (public, or their own). */
export function visibleSql(meta: TableMeta, alias: string, params: unknown[], email: string | null): string {
  const col = meta.roles.isPublic;
  if (!col) return 'true';
  const texts = PUBLIC_FLAG_TEXTS.map((t) => param(params, t, '::text')).join(', ');
  return `(${alias}.properties->>${param(params, String(col.id), '::text')} in (${texts}) or ${alias}.created_by_email = ${param(params, email, '::text')})`;
}

/** SQL: the properties of `alias` with the creator e-mail removed unless the caller created the row. */
export function maskedPropertiesSql(meta: TableMeta, alias: string, params: unknown[], email: string | null): string {
  const col = meta.roles.creator;
  if (!col) return `${alias}.properties`;
  return `(case when ${alias}.created_by_email = ${param(params, email, '::text')} then ${alias}.properties else ${alias}.properties - ${param(params, String(col.id), '::text')} end)`;
}

/** A stored row as far as access rules care. */
export interface OwnedRow {
  properties: Properties;
  created_by_email: string | null;
}

/** True when the caller may see the row. */
export function canSee(meta: TableMeta, row: OwnedRow, email: string | null): boolean {
  const col = meta.roles.isPublic;
  if (!col) return true;
  return isPublicValue(row.properties[String(col.id)]) || (email !== null && row.created_by_email === email);
}

/** The row's properties with the creator e-mail removed unless the caller created it. */
export function maskProperties(meta: TableMeta, row: OwnedRow, email: string | null): Properties {
  const col = meta.roles.creator;
  if (!col || (email !== null && row.created_by_email === email)) return row.properties;
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
