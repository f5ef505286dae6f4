import { describe, expect, it } from 'vitest';
import { lonLatToMercator } from '../../server/geo/projection.ts';
import { signedInSuite } from './helpers/signedInSuite.ts';

/**
 * The likely-duplicate lookup (domain/duplicates.ts) against the real server, on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: the report form's question (the caller's own finds) and the
 * reviewer's marking (every find whose exact place she may see). pregled reviews beetles (7).
 */
const suite = signedInSuite('ana', 'bor', 'pregled');
type Who = 'ana' | 'bor' | 'pregled';
const BEETLE = 1105; // rogač, group 7
const BEETLE_2 = 3401; // alpski kozliček, group 7
/** A place of its own for this file (other files' finds are elsewhere). */
const HERE: [number, number] = [15.1234, 46.2345];
/** Metres east of HERE as longitude degrees at its latitude. */
const east = (m: number): [number, number] => [HERE[0] + m / (111_320 * Math.cos((HERE[1] * Math.PI) / 180)), HERE[1]];

const lookup = async (
  who: Who | null,
  q: Record<string, string | number>,
): Promise<{ status: number; ids: number[]; body: unknown }> => {
  const [x, y] = lonLatToMercator(HERE[0], HERE[1]);
  const params = new URLSearchParams(
    Object.entries({ species: BEETLE, x, y, date: '2025-07-10', ...q }).map(([k, v]) => [k, String(v)]),
  );
  const r = await suite.call(who, 'GET', `/api/Records/35/48/duplicates?${params}`);
  return { status: r.status, ids: (r.body as { ids?: number[] }).ids ?? [], body: r.body };
};

describe('GET /api/Records/{p}/{t}/duplicates', () => {
  it("the form's question: the caller's own find of the species within 100 m on the same Ljubljana day", async () => {
    const same = await suite.report('ana', BEETLE, east(60), { 1053: '2025-07-10' });
    const far = await suite.report('ana', BEETLE, east(140), { 1053: '2025-07-10' });
    const otherSpecies = await suite.report('ana', BEETLE_2, east(10), { 1053: '2025-07-10' });
    const otherDay = await suite.report('ana', BEETLE, east(10), { 1053: '2025-07-11' });
    // 23:30 UTC on 9 July is 01:30 on 10 July in Ljubljana (CEST): the same day.
    const lateUtc = await suite.report('ana', BEETLE, east(20), { 1053: '2025-07-09T23:30:00Z' });
    const borsOwn = await suite.report('bor', BEETLE, east(5), { 1053: '2025-07-10' });

    const mine = await lookup('ana', {});
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.ids).toEqual([same, lateUtc]);
    for (const id of [far, otherSpecies, otherDay, borsOwn]) expect(mine.ids).not.toContain(id);
    // bor sees only his own.
    expect((await lookup('bor', {})).ids).toEqual([borsOwn]);
    // The find being edited is left out.
    expect((await lookup('ana', { exclude: same })).ids).toEqual([lateUtc]);
  });

  it("the reviewer's marking: any reporter's finds of her groups; a reporter's scope is still her own", async () => {
    const a = await suite.report('ana', BEETLE, east(30), { 1053: '2025-08-02' });
    const b = await suite.report('bor', BEETLE, east(90), { 1053: '2025-08-02T12:00:00+02:00' });
    const reviewed = await lookup('pregled', { date: '2025-08-02', scope: 'reviewed' });
    expect(reviewed.status).toBe(200);
    expect(reviewed.ids).toEqual([a, b]);
    // A reporter who reviews nothing sees only her own find through 'reviewed'.
    expect((await lookup('ana', { date: '2025-08-02', scope: 'reviewed' })).ids).toEqual([a]);
  });

  it('refuses a bad query (400), an anonymous caller (401) and an unknown table (404)', async () => {
    expect((await lookup('ana', { date: 'včeraj' })).status).toBe(400);
    expect((await lookup('ana', { species: 'x' })).status).toBe(400);
    expect((await lookup('ana', { scope: 'everyone' })).status).toBe(400);
    expect((await lookup(null, {})).status).toBe(401);
    const [x, y] = lonLatToMercator(HERE[0], HERE[1]);
    const r = await suite.call(
      'ana',
      'GET',
      `/api/Records/35/999/duplicates?species=1105&x=${x}&y=${y}&date=2025-07-10`,
    );
    expect(r.status).toBe(404);
  });
});
