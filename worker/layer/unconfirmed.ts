import { COL } from '../../domain/columns.ts';
import { packedColumn, type PackedProperties } from '../../domain/packedProperties.ts';
import { STATUS_CONFIRMED, statusOf } from '../../domain/statuses.ts';
import type { Properties } from '../../domain/model.ts';

/**
 * Which points of a batch are not confirmed yet (waiting, evidence requested, or rejected — the
 * last seen only by their reporter and reviewers): the map draws them lighter, so that a
 * confirmed find is told from an unchecked one at a glance (issue #20). 1 = not confirmed.
 */
export function unconfirmedFlags(properties: PackedProperties): Uint8Array {
  const out = new Uint8Array(properties.count);
  const status = packedColumn(properties, COL.status);
  for (let i = 0; i < out.length; i++) out[i] = unconfirmed(status?.[i]);
  return out;
}

/** 1 when a STATUS value is not confirmed (see unconfirmedFlags), else 0. */
export function unconfirmed(status: unknown): 0 | 1 {
  return statusOf(status) === STATUS_CONFIRMED ? 0 : 1;
}

/**
 * The flags of rows `rows[0 … n)` of a store's STATUS column (its dictionary: one verdict per
 * distinct value), then of the `extras`' properties.
 */
export function unconfirmedRows(
  status: { codes: Int32Array; values: readonly unknown[] },
  rows: ArrayLike<number>,
  n: number,
  extras: readonly Properties[],
): Uint8Array {
  const byCode = Uint8Array.from(status.values, unconfirmed);
  const out = new Uint8Array(n + extras.length);
  for (let b = 0; b < n; b++) out[b] = byCode[status.codes[rows[b]!]!]!;
  for (let e = 0; e < extras.length; e++) out[n + e] = unconfirmed(extras[e]![COL.status]);
  return out;
}
