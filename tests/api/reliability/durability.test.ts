import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { createTestDatabase, startServer, type TestServer } from '../helpers/server.ts';
import { ownRecords, sighting } from './lib.ts';

/**
 * Server durability: a burst of creates with Idempotency-Keys, the server process SIGKILLed
 * once about half are acknowledged, restarted on the same data (PGlite directory or PostgreSQL
 * database): every acknowledged create is there (by id and by re-sending its key → 200 with the
 * same id), and after re-sending every key exactly one record exists per key.
 */

const TOTAL = 200;
const CONCURRENCY = 8;
const KILL_AFTER = TOTAL / 2;
const runId = Math.random().toString(36).slice(2, 8);

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe('creates acknowledged before a SIGKILL survive the restart', () => {
  it(`${TOTAL} creates, ${CONCURRENCY} at a time, killed after ${KILL_AFTER} acknowledgements`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sv-durability-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let env: Record<string, string> | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const t = await createTestDatabase(process.env.TEST_DATABASE_URL);
      cleanup.push(() => t.drop());
      env = { DATABASE_URL: t.url };
    }
    const db = env ? 'PostgreSQL' : 'PGlite';
    let server: TestServer = await startServer({ dataDir, ...(env ? { env } : {}) });
    cleanup.push(() => server.stop());
    let token = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
    const before = await ownRecords(server.url, token);

    const key = (i: number): string => `durability-${runId}-${i}`;
    const post = async (base: string, i: number): Promise<{ status: number; id?: number }> => {
      const r = await fetch(`${base}/api/Features/35/48`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key(i) },
        body: JSON.stringify({ ...sighting({ 782: i + 1 }), overwrite: true }),
      });
      const body = (await r.json()) as { id?: number };
      return { status: r.status, ...(typeof body.id === 'number' ? { id: body.id } : {}) };
    };

    const acked = new Map<number, number>(); // i → id
    let failed = 0;
    let killed = false;
    let next = 0;
    const proc = server.proc;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TOTAL) {
          const i = next++;
          try {
            const r = await post(server.url, i);
            if (r.status >= 200 && r.status < 300 && r.id !== undefined) acked.set(i, r.id);
            else failed++;
          } catch {
            failed++;
          }
          if (!killed && acked.size >= KILL_AFTER) {
            killed = true;
            proc.kill('SIGKILL');
          }
        }
      }),
    );
    await exited;
    const ackedBeforeKill = acked.size;
    expect(killed).toBe(true);
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(ackedBeforeKill).toBeLessThan(TOTAL);

    server = await startServer({ dataDir, ...(env ? { env } : {}) });
    cleanup.push(() => server.stop());
    // The restart is on another port, so another issuer: sign in again (same account).
    token = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;

    // Every acknowledged create is there, by id.
    let recoveredById = 0;
    for (const [, id] of acked) {
      const r = await fetch(`${server.url}/api/Features/35/48/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await r.arrayBuffer();
      if (r.status === 200) recoveredById++;
    }
    // Re-sending every key: the acknowledged ones answer 200 with the same id; the others are
    // either found (committed, answer lost: 200) or created now (201).
    let sameIdOnResend = 0;
    let committedUnacked = 0;
    let createdOnResend = 0;
    for (let i = 0; i < TOTAL; i++) {
      const r = await post(server.url, i);
      if (acked.has(i)) {
        if (r.status === 200 && r.id === acked.get(i)) sameIdOnResend++;
      } else if (r.status === 200) committedUnacked++;
      else if (r.status === 201) createdOnResend++;
    }
    const after = await ownRecords(server.url, token);
    const mine = after.filter((f) => !before.some((b) => b.id === f.id));
    const figures = {
      db,
      total: TOTAL,
      ackedBeforeKill,
      failedOrCut: failed,
      recoveredById,
      sameIdOnResend,
      committedButUnacked: committedUnacked,
      createdOnResend,
      recordsAfter: mine.length,
    };
    console.log(`durability figures: ${JSON.stringify(figures)}`);
    expect(recoveredById).toBe(ackedBeforeKill);
    expect(sameIdOnResend).toBe(ackedBeforeKill);
    expect(committedUnacked + createdOnResend).toBe(TOTAL - ackedBeforeKill);
    // Nothing duplicated: exactly one record per key (the count is the 782 value i + 1).
    expect(mine.length).toBe(TOTAL);
    expect(new Set(mine.map((f) => f.properties['782'])).size).toBe(TOTAL);
  }, 240_000);
});
