import type { Feature, Geometry, Properties } from '../../domain/model.ts';
import { ApiError } from '../http/errors.ts';

/**
 * A 412 answer (server/api/records/versions.ts): the record changed since the version an edit started
 * from. Its body carries the record as the server has it now (`current`) and its `version`.
 */

/** The server's current record in a 412 answer, with its version; null for any other error. */
export function staleRecord(e: unknown): Feature | null {
  if (!(e instanceof ApiError) || e.status !== 412) return null;
  try {
    const body = JSON.parse(e.body) as { current?: Feature; version?: number };
    if (!body.current || typeof body.current !== 'object' || typeof body.version !== 'number') return null;
    return { ...body.current, version: body.version };
  } catch {
    return null;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** One sent value against the stored one: the server may turn '3' into 3 and a date into a timestamp. */
function sameValue(sent: unknown, stored: unknown): boolean {
  if ((sent ?? '') === (stored ?? '')) return true;
  if (typeof sent === 'string' && typeof stored === 'string' && DATE.test(sent) && DATE.test(stored))
    return sent.slice(0, 10) === stored.slice(0, 10);
  return String(sent ?? '') === String(stored ?? '');
}

function sameGeometry(a: Geometry | null, b: Geometry | null): boolean {
  if (!a) return true; // an update without geometry leaves it as it was
  if (!b || a.type !== b.type) return false;
  const x = JSON.stringify(a.coordinates).match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? [];
  const y = JSON.stringify(b.coordinates).match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? [];
  return x.length === y.length && x.every((v, i) => Math.abs(Number(v) - Number(y[i])) < 1e-6);
}

/**
 * True when the server's current record already holds everything an update sent: its own
 * earlier attempt committed and only the answer was lost, so the 412 is no conflict.
 */
export function holdsSent(current: Feature, properties: Properties, geometry: Geometry | null): boolean {
  return (
    Object.entries(properties).every(([k, v]) => sameValue(v, current.properties[k])) &&
    sameGeometry(geometry, current.geometry)
  );
}
