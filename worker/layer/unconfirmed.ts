import type { Properties } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { STATUS_CONFIRMED, statusOf } from '../../domain/statuses.ts';

/**
 * Which points of a batch are not confirmed yet (waiting, evidence requested, or rejected — the
 * last seen only by their reporter and reviewers): the map draws them lighter, so that a
 * confirmed find is told from an unchecked one at a glance (issue #20). 1 = not confirmed.
 */
export function unconfirmedFlags(properties: readonly Properties[]): Uint8Array {
  const out = new Uint8Array(properties.length);
  for (let i = 0; i < properties.length; i++)
    out[i] = statusOf(properties[i]![COL.status]) === STATUS_CONFIRMED ? 0 : 1;
  return out;
}
