import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, type TestServer } from './helpers/server.ts';
import { call } from '../helpers/http.ts';
import { signIn } from './helpers/auth.ts';
import { attachmentForm, bigJpeg } from './helpers/attachmentForm.ts';
import { createFind } from './helpers/finds.ts';

/**
 * A burst of uploads does not take the PostgreSQL pool from everyone else: an upload waits for
 * its upload slot before it takes a connection, so with one slot, ten large uploads to one find
 * run one transaction at a time (PostgreSQL's pg_stat_activity, sampled meanwhile, shows the
 * open transactions: that one and a read's), instead of filling the pool with transactions that
 * wait for the record's row lock or a slot while reads wait for a connection until they get 503.
 * Only PostgreSQL has a pool to exhaust.
 */
const UPLOADS = 10;
const READS = 30;
const PHOTO_BYTES = 8 * 1024 * 1024;

let server: TestServer;
let ana: string;
let recordId: number;
let database: { url: string; drop(): Promise<void> };

describe.skipIf(!process.env.TEST_DATABASE_URL)('uploads and the connection pool', () => {
  beforeAll(async () => {
    database = await createTestDatabase(process.env.TEST_DATABASE_URL as string);
    server = await startServer({
      env: { DATABASE_URL: database.url, UPLOAD_CONCURRENCY: '1', DATABASE_POOL_MAX: '6' },
    });
    ana = (await signIn(server.url, 'ana@example.si', 'demo1234')).accessToken;
    recordId = await createFind(server.url, ana, [15.3, 46.1]);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it(`${UPLOADS} concurrent uploads to one find: one transaction at a time, reads answered meanwhile`, async () => {
    const photo = new Uint8Array(await bigJpeg(PHOTO_BYTES));
    const watcher = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await watcher.connect();
    const dbName = new URL(database.url).pathname.slice(1);
    let uploading = true;
    let mostOpen = 0;
    const sampler = (async () => {
      while (uploading) {
        const { rows } = await watcher.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and xact_start is not null',
          [dbName],
        );
        mostOpen = Math.max(mostOpen, rows[0]!.n);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const uploads = Promise.all(
      Array.from({ length: UPLOADS }, (_, i) =>
        call(server.url, '/api/Records/35/attachment', {
          token: ana,
          form: attachmentForm(recordId, new Blob([photo]), `burst-${i}.jpg`),
        }),
      ),
    ).finally(() => {
      uploading = false;
    });
    const reads: number[] = [];
    let readsDuringUploads = 0;
    for (let i = 0; i < READS; i++) {
      const answer = await call(server.url, `/api/Features/35/48/${recordId}`, { token: ana });
      reads.push(answer.status);
      if (uploading) readsDuringUploads++;
      await new Promise((r) => setTimeout(r, 50));
    }
    const uploaded = await uploads;
    await sampler;
    await watcher.end();
    console.log(
      `upload pool: at most ${mostOpen} open transactions at once (uploads and reads); ${readsDuringUploads} reads during the uploads`,
    );
    expect(uploaded.map((a) => a.status)).toEqual(Array(UPLOADS).fill(201));
    expect(reads).toEqual(Array(READS).fill(200));
    // The reads overlapped the burst and the sampler saw it (else they proved nothing).
    expect(readsDuringUploads).toBeGreaterThan(0);
    // One upload's transaction and one read's (the reads are sent one after another).
    expect(mostOpen).toBeGreaterThanOrEqual(1);
    expect(mostOpen).toBeLessThanOrEqual(2);
  }, 300_000);
});
