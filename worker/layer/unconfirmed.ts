import { COL } from '../../domain/columns.ts';
import { packedColumn, type PackedProperties } from '../../domain/packedProperties.ts';
import { STATUS_CONFIRMED, statusOf } from '../../domain/statuses.ts';

/**
 * Which points of a batch are not confirmed yet (waiting, evidence requested, or rejected — the
 * last seen only by their reporter and reviewers): the map draws them lighter, so that a
 * confirmed find is told from an unchecked one at a glance (issue #20). 1 = not confirmed.
 */
export function unconfirmedFlags(properties: PackedProperties): Uint8Array {
  const out = new Uint8Array(properties.count);
  const status = packedColumn(properties, COL.status);
  for (let i = 0; i < out.length; i++) out[i] = statusOf(status?.[i]) === STATUS_CONFIRMED ? 0 : 1;
  return out;
}
