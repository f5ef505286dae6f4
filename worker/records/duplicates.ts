import type { Feature } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { likelyDuplicate, type DuplicateFacts } from '../../domain/duplicates.ts';
import type { HttpClient } from '../http/client.ts';
import type { DuplicateCheck } from './types.ts';

/** The duplicate rule's facts of a stored feature. */
export function factsOf(f: Feature): DuplicateFacts {
  const p = f.properties;
  const date = p[COL.date];
  return {
    species: p[COL.species] as string | number | null | undefined,
    coord: f.geometry?.type === 'Point' ? (f.geometry.coordinates as [number, number]) : null,
    date: typeof date === 'string' ? date : null,
  };
}

/** Ids of the features (`mine`: the user's own finds) that are likely the same find as `c`, ascending. */
export function duplicatesAmong(features: readonly Feature[], c: DuplicateCheck, email: string | null): number[] {
  const facts = { species: c.species, coord: c.coord, date: c.date };
  return features
    .filter(
      (f) =>
        Number(f.id) !== c.excludeId &&
        email !== null &&
        f.properties[COL.createdByEmail] === email &&
        likelyDuplicate(facts, factsOf(f)),
    )
    .map((f) => Number(f.id))
    .sort((a, b) => a - b);
}

/** How long the form's save waits for the server's answer before the device's copy decides alone (ms). */
export const DUPLICATE_LOOKUP_TIMEOUT_MS = 5000;

/** GET /api/Records/{p}/{t}/duplicates?scope=mine: the server's answer over every find of the user. */
export async function duplicatesOnServer(
  http: HttpClient,
  target: { projectId: number; tableId: number },
  c: DuplicateCheck,
): Promise<number[]> {
  const q = new URLSearchParams({
    species: String(c.species),
    x: String(c.coord[0]),
    y: String(c.coord[1]),
    date: c.date,
    scope: 'mine',
  });
  if (c.excludeId) q.set('exclude', String(c.excludeId));
  // A weak field signal must not hold the save up for long: the question is a help, not a gate.
  const r = await http.get<{ ids: number[] }>(`/api/Records/${target.projectId}/${target.tableId}/duplicates?${q}`, {
    signal: AbortSignal.timeout(DUPLICATE_LOOKUP_TIMEOUT_MS),
  });
  return r.ids;
}
