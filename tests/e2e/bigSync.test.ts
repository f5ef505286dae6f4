import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type * as ComlinkModule from 'comlink';
import type { DataCore, SaveRecordInput } from '../../worker/api.ts';
import { DB_NAME } from '../../worker/store/db.ts';
import { DESKTOP, launch, newContext, screenshot } from './helpers/browser.ts';
import { ANA, downloadAround } from './helpers/app.ts';
import { startAppBehindProxy, type FaultProxy } from './helpers/faultProxy.ts';
import { jpegWithGps } from './helpers/photo.ts';
import { startAppServer } from './helpers/server.ts';
import { createTestDatabase, type TestServer } from '../api/helpers/server.ts';
import { refresh, signIn as apiSignIn, type Tokens } from '../api/helpers/auth.ts';

/**
 * The offline journey at full size (issue #19): 200 changes made with no connection reach the
 * server exactly once through a faulty network, with the server killed and restarted once, the
 * page reloaded twice and the access token expiring in the middle of the sync.
 *
 * How (decided, see the issue):
 * - The 200 changes are made through the REAL data core API, not the UI: 200 form fills would
 *   take far too long for CI, and the UI path is covered at small scale by offline.test.ts. In a
 *   second tab of the same browser context (same origin, so the same IndexedDB) the test starts a
 *   second instance of the app's own built data-core worker script (its URL read from the built
 *   app's entry chunk), wraps it with Comlink's UMD build and calls `init`, `setSession` (the
 *   app's own token, from its localStorage), `getRecord`, `saveRecord` and `deleteRecord` exactly
 *   as the form does, while the server is unreachable (proxy 'down'): everything queues offline
 *   as the form would queue it. That tab is closed before the network returns, so only the app's
 *   tab (and perhaps its service worker's background sync) sends the queue. The tab's page is
 *   `/api/Test` (a JSON answer, which carries no CSP), so the script tag and the worker load.
 * - The mix (200): 80 creates with a photo (400×300 JPEGs with EXIF), 50 edits of ana's own
 *   server records (10 with a new photo), 30 deletes of her records, 40 edits of records created
 *   offline (5 of them with a new, portrait photo that replaces the create's). The server records
 *   are made through the API first and downloaded with the area around them (offline edits and
 *   deletes need the stored copy). Every change has its own Število (782) and Opombe (1055) value,
 *   so the server shows whether it was applied, and how often. The 40 edits of offline creates
 *   merge into their queued creates (worker/sync/README.md), so the queue holds 160 changes.
 * - The sync: the proxy fails every FLAKY_EVERY-th API request (a 500 or a dropped connection).
 *   Each scripted step waits for the state it needs, not for time: the proxy's gate on the change
 *   requests lets a set number through and holds the next, so the step happens while changes
 *   still wait; a held request reaches the server when the gate is released (its answer lost
 *   when its page was reloaded meanwhile, so the change is sent again and must be stored once).
 *   In order: the page is reloaded with change request GATE.reload1 + 1 held; the server process
 *   is SIGKILLed with a later one held and restarted on the same data and port (the proxy keeps
 *   the app's URL); then the proxy drops every token request, access tokens live TOKEN_TTL_S
 *   seconds (ACCESS_TOKEN_TTL_SECONDS), and the gate holds the sync until the server refuses the
 *   app's token: the app's renewals failed and the token really expired. The server answers 401
 *   and the queue pauses (the gate holds every change request from then on); once the app has
 *   tried to renew again and failed, the token endpoint is reachable again, the gate lets
 *   GATE.reload2 through, and the queue must resume by itself (the silent renewal; no user
 *   action). Then the page is reloaded once more with the next change request held. Progress is
 *   read from the server directly (not through the proxy) with the test's own token.
 * - Checks: every create once with its photo once (the replaced ones portrait), every edit's
 *   values, every delete gone, every edited offline create with its edited values, no other new
 *   records, the badge gone, the outbox and the pending flags empty in IndexedDB, at least one
 *   401 and one refused token request. Figures are printed: requests through the proxy, faults,
 *   401s, time from network back to an empty queue.
 * BIGSYNC_DEBUG=1 also prints the provider's requests, every 401 and the page's console as the
 * browser sees them, and at every poll the badge next to the outbox as IndexedDB holds it.
 */

const TOKEN_TTL_S = 40;
/** In 'flaky' mode, every this-many-th API request fails. */
const FLAKY_EVERY = 7;
/**
 * How many change requests (creates, updates, deletes, photo uploads and deletes) the proxy's gate
 * lets through before each step; it holds the next one until the test has done the step, so each
 * step comes while changes still wait, however fast the sync is.
 */
const GATE = {
  /** Reload 1 while change request 16 is held. */
  reload1: 15,
  /** The server is killed while the one this many after reload 1's is held. */
  kill: 35,
  /** After the restart, this many pass; the next waits until the app's token has expired. */
  token: 10,
  /** Reload 2 while the one this many after the token endpoint is back is held (the queue resumed first). */
  reload2: 15,
};

const N_CREATES = 80;
const N_EDITS = 50;
const N_DELETES = 30;
const N_OFFLINE_EDITS = 40;
const EDIT_PHOTOS = 10;
const OFFLINE_EDIT_PHOTO_EVERY = 8;
/** Queue entries: the offline edits merge into their creates. */
const QUEUED = N_CREATES + N_EDITS + N_DELETES;

/** Where the finds are: a cluster of about 500 × 350 m in Ljubljana (EPSG:3857). */
const CENTER: [number, number] = [1614300, 5780100];
const TAG = `bigsync-${Math.random().toString(36).slice(2, 8)}`;
const tag = {
  server: (j: number): string => `${TAG} s${j}`,
  create: (i: number): string => `${TAG} c${i}`,
  createEdited: (i: number): string => `${TAG} c${i} popravljeno`,
  edit: (j: number): string => `${TAG} e${j}`,
};
const count = {
  server: (j: number): number => 1000 + j,
  create: (i: number): number => 2000 + i,
  edit: (j: number): number => 3000 + j,
  createEdited: (i: number): number => 4000 + i,
};

type Values = Record<string, string>;
/** One change as the test hands it to the page; photos as base64. */
type Step =
  | { kind: 'create'; i: number; values: Values; coord: [number, number]; photo: string }
  | { kind: 'edit'; j: number; id: number; values: Values; photo: string | null }
  | { kind: 'delete'; j: number; id: number }
  | { kind: 'editOffline'; i: number; values: Values; photo: string | null };

/** What the page keeps between calls. */
interface PageState {
  core: ComlinkModule.Remote<DataCore>;
  Comlink: typeof ComlinkModule;
  tempIds: Record<number, number>;
}

interface Feature {
  id: number;
  properties: Record<string, unknown>;
}

let dataDir = '';
let dropDb: (() => Promise<void>) | null = null;
let serverEnv: Record<string, string> = {};
let server: TestServer;
let proxy: FaultProxy;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let tokens: Tokens & { at: number };
/** ana's server records: 0..N_EDITS-1 are edited, the rest deleted. */
const serverIds: number[] = [];
let before: Feature[] = [];
/** Set once the changes wait in the outbox (the sync needs that). */
let queued = false;
/** Set once the whole queue reached the server (the checks after it need that). */
let synced = false;
const figures = {
  requests: 0,
  faults: 0,
  unauthorized: 0,
  tokenRefused: 0,
  /** Change requests the gate held, in all. */
  held: 0,
  syncSeconds: 0,
  restartSeconds: 0,
  pausedSeconds: 0,
  resumeSeconds: 0,
};

/** The test's own token for reading the server, renewed straight at the server (not through the proxy). */
async function token(): Promise<string> {
  if (Date.now() - tokens.at > (TOKEN_TTL_S / 2) * 1000)
    tokens = { ...(await refresh(server.url, tokens.refreshToken!)), at: Date.now() };
  return tokens.accessToken;
}

/** Every record of table 48 ana created, read from the server directly. */
async function ownRecords(): Promise<Feature[]> {
  const r = await fetch(`${server.url}/api/Features/35/search`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      tableId: 48,
      perPage: 1000,
      filters: [{ type: 'condition', columnId: 1820, operationType: 'equalsUserEmail', values: [] }],
    }),
  });
  if (r.status !== 200) throw new Error(`search answered ${r.status}`);
  return ((await r.json()) as { features: Feature[] }).features;
}

/** How many of the queued changes the server shows: creates there, edits applied, deletes gone. */
function applied(records: readonly Feature[]): number {
  const byId = new Map(records.map((f) => [f.id, f]));
  const comments = new Set(records.map((f) => String(f.properties['1055'] ?? '')));
  let n = 0;
  for (let i = 0; i < N_CREATES; i++) if (comments.has(tag.create(i)) || comments.has(tag.createEdited(i))) n++;
  serverIds.forEach((id, j) => {
    const f = byId.get(id);
    if (j < N_EDITS ? f?.properties['782'] === count.edit(j) : !f) n++;
  });
  return n;
}

function point(k: number, offset: number): [number, number] {
  return [CENTER[0] - 250 + (k % 10) * 50 + offset, CENTER[1] - 170 + Math.floor(k / 10) * 40 + offset];
}

async function photo(k: number, portrait = false): Promise<string> {
  const size = portrait ? { width: 300, height: 400 } : { width: 400, height: 300 };
  return (await jpegWithGps(14.5 + k / 10000, 46.05, new Date(2025, 7, 2), size)).toString('base64');
}

/** The 200 changes, interleaved: each step takes the kind furthest behind its share; an offline edit only after its create. */
async function plan(): Promise<Step[]> {
  const total = { create: N_CREATES, edit: N_EDITS, delete: N_DELETES, editOffline: N_OFFLINE_EDITS };
  const done = { create: 0, edit: 0, delete: 0, editOffline: 0 };
  const steps: Step[] = [];
  const baseValues = (i: number): Values => ({
    920: '7',
    980: '1105',
    1053: '2025-08-02',
    782: String(count.create(i)),
    1055: tag.create(i),
  });
  for (let s = 0; s < N_CREATES + N_EDITS + N_DELETES + N_OFFLINE_EDITS; s++) {
    const kinds = (Object.keys(total) as Array<keyof typeof total>)
      .filter((k) => done[k] < total[k] && (k !== 'editOffline' || done.editOffline < done.create))
      .sort((a, b) => done[a] / total[a] - done[b] / total[b]);
    const kind = kinds[0]!;
    const n = done[kind]++;
    if (kind === 'create')
      steps.push({ kind, i: n, values: baseValues(n), coord: point(n, 20), photo: await photo(n) });
    else if (kind === 'edit') {
      steps.push({
        kind,
        j: n,
        id: serverIds[n]!,
        values: { 782: String(count.edit(n)), 1055: tag.edit(n) },
        photo: n < EDIT_PHOTOS ? await photo(100 + n) : null,
      });
    } else if (kind === 'delete') steps.push({ kind, j: N_EDITS + n, id: serverIds[N_EDITS + n]! });
    else {
      const photoNow = n % OFFLINE_EDIT_PHOTO_EVERY === 0 ? await photo(200 + n, true) : null;
      steps.push({
        kind,
        i: n,
        values: { ...baseValues(n), 782: String(count.createEdited(n)), 1055: tag.createEdited(n) },
        photo: photoNow,
      });
    }
  }
  return steps;
}

/** The URL of the app's data-core worker script in the built app (dist/ or DIST_DIR). */
function dataCoreWorkerPath(): string {
  const assets = join(resolve(process.env.DIST_DIR ?? 'dist'), 'assets');
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const m = /new Worker\(new URL\(\s*[`'"]([^`'"]+)[`'"][^)]*\)\s*,\s*\{[^}]*name:\s*[`'"]data-core[`'"]/.exec(
      readFileSync(join(assets, file), 'utf8'),
    );
    if (m?.[1]) return new URL(m[1], 'http://x/assets/').pathname;
  }
  throw new Error(`no data-core worker in ${assets}`);
}

/** The app's badge text ('160 sprememb čaka'), or '' when it is hidden. */
async function badge(): Promise<string> {
  return (
    (await page
      .getByTestId('sync-badge')
      .getAttribute('aria-label', { timeout: 1000 })
      .catch(() => null)) ?? ''
  );
}

/** What waits on the device, read from IndexedDB (read only): outbox rows by state, records with a pending flag, photos to upload. */
async function outboxOnDevice(): Promise<{
  outbox: number;
  failed: number;
  uploading: number;
  flagged: number;
  photos: number;
}> {
  return page.evaluate(
    (name) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['outbox', 'features', 'attachments'], 'readonly');
          const outbox = tx.objectStore('outbox').getAll();
          const features = tx.objectStore('features').getAll();
          const photos = tx.objectStore('attachments').index('isInsert').count(1);
          tx.oncomplete = () => {
            db.close();
            const rows = outbox.result as Array<{ state: string }>;
            const flags = features.result as Array<{ isInsert: number; isEdit: number; isDelete: number }>;
            resolve({
              outbox: rows.length,
              failed: rows.filter((r) => r.state === 'failed').length,
              uploading: rows.filter((r) => r.state === 'uploading').length,
              flagged: flags.filter((f) => f.isInsert || f.isEdit || f.isDelete).length,
              photos: photos.result,
            });
          };
        };
      }),
    DB_NAME,
  );
}

/** The access token the app holds now (oidc-client-ts keeps it in localStorage), or null when signed out. */
async function appToken(): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const user = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { access_token?: string };
    return user.access_token ?? null;
  });
}

/** Whether the server refuses `accessToken` (401), asked directly, not through the proxy. */
async function serverRefuses(accessToken: string): Promise<boolean> {
  const r = await fetch(`${server.url}/api/Projects`, { headers: { authorization: `Bearer ${accessToken}` } });
  await r.arrayBuffer();
  return r.status === 401;
}

async function reloadApp(): Promise<void> {
  await page.reload();
  await page.locator('.app-header').waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sv-bigsync-'));
  if (process.env.TEST_DATABASE_URL) {
    // The restart must find the same database: make it here instead of per start.
    const t = await createTestDatabase(process.env.TEST_DATABASE_URL);
    dropDb = t.drop;
    serverEnv.DATABASE_URL = t.url;
  }
  serverEnv = { ...serverEnv, ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_S) };
  [{ server, proxy }, browser] = await Promise.all([startAppBehindProxy(ANA, { dataDir, env: serverEnv }), launch()]);
  tokens = { ...(await apiSignIn(proxy.url, ANA.email, ANA.password)), at: Date.now() };
  for (let j = 0; j < N_EDITS + N_DELETES; j++) {
    const body = new FormData();
    const properties = { 920: 7, 980: 1105, 1053: '2025-08-01', 782: count.server(j), 1055: tag.server(j) };
    body.append(
      'feature',
      JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: point(j, 0) },
        properties,
        overwrite: true,
      }),
    );
    const r = await fetch(`${server.url}/api/Features/35/48/full`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await token()}` },
      body,
    });
    expect(r.status).toBe(201);
    serverIds.push(((await r.json()) as { id: number }).id);
  }
  before = await ownRecords();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.stop();
  await dropDb?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`${N_CREATES + N_EDITS + N_DELETES + N_OFFLINE_EDITS} offline changes through faults, a server restart, two reloads and an expired token`, () => {
  it('queues them offline through the app’s own data core', async () => {
    ctx = await newContext(browser, DESKTOP);
    page = await ctx.newPage();
    await downloadAround(page, proxy.url, serverIds[0]!);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Nazaj na karto' }).last().click();
    const steps = await plan();

    // A second tab on the same origin (a JSON page: no CSP) with a second data core of the built app.
    const tab = await ctx.newPage();
    await tab.goto(`${proxy.url}/api/Test`);
    proxy.mode = 'down';
    await page.getByText('Brez povezave').first().waitFor({ timeout: 30_000 });
    await tab.addScriptTag({ path: resolve('node_modules/comlink/dist/umd/comlink.js') });
    const session = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      const u = JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as {
        access_token?: string;
        profile?: { email?: string };
      };
      return { accessToken: u.access_token ?? null, email: u.profile?.email ?? null };
    });
    expect(session.accessToken).toBeTruthy();
    const online = await tab.evaluate(
      async ({ workerPath, session }) => {
        const w = window as unknown as { Comlink: typeof ComlinkModule; bigSync: PageState };
        const core = w.Comlink.wrap<DataCore>(new Worker(workerPath, { type: 'module', name: 'data-core' }));
        w.bigSync = { core, Comlink: w.Comlink, tempIds: {} };
        await core.init(location.origin);
        await core.setSession(session);
        return core.checkOnline();
      },
      { workerPath: dataCoreWorkerPath(), session },
    );
    expect(online).toBe(false);

    const started = Date.now();
    for (let k = 0; k < steps.length; k += 20) {
      const errors = await tab.evaluate(
        async (batch: Step[]) => {
          const { core, Comlink, tempIds } = (window as unknown as { bigSync: PageState }).bigSync;
          const blob = (b64: string): Blob =>
            new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' });
          const noStage = Comlink.proxy(() => {});
          const out: string[] = [];
          /**
           * What the edit form sends: the stored values as text, changed by `values`; a new photo
           * in place of the find's own (removed in the form), else the photos it has, kept.
           */
          const edit = async (id: number, values: Values, photo: string | null): Promise<SaveRecordInput> => {
            const r = await core.getRecord(id);
            const had = photo ? [] : await core.getPhotos(id, true);
            const current: Values = {};
            for (const [key, v] of Object.entries(r.properties))
              current[key] = v === null || v === undefined ? '' : String(v);
            if (current['1053']) current['1053'] = current['1053'].slice(0, 10);
            const c = (r.geometry as { coordinates: number[] }).coordinates;
            return {
              id,
              values: { ...current, ...values },
              coord: [c[0]!, c[1]!],
              photos: photo
                ? [{ kind: 'new' as const, file: blob(photo), name: 'najdba.jpg', key: crypto.randomUUID() }]
                : had.map((p) => ({ kind: 'stored' as const, id: p.id })),
              cover: null,
              idempotencyKey: crypto.randomUUID(),
              baseVersion: r.version,
            };
          };
          for (const s of batch) {
            try {
              if (s.kind === 'create') {
                const r = await core.saveRecord(
                  {
                    id: null,
                    values: s.values,
                    coord: s.coord,
                    photos: [{ kind: 'new', file: blob(s.photo), name: 'najdba.jpg', key: crypto.randomUUID() }],
                    cover: null,
                    idempotencyKey: crypto.randomUUID(),
                  },
                  noStage,
                );
                if (!r.offline) out.push(`create ${s.i} was not offline`);
                tempIds[s.i] = r.id;
              } else if (s.kind === 'edit') {
                const r = await core.saveRecord(await edit(s.id, s.values, s.photo), noStage);
                if (!r.offline) out.push(`edit ${s.j} was not offline`);
              } else if (s.kind === 'delete') {
                const r = await core.getRecord(s.id);
                await core.deleteRecord(s.id, r.version);
              } else {
                const r = await core.saveRecord(await edit(tempIds[s.i]!, s.values, s.photo), noStage);
                if (!r.offline) out.push(`offline edit ${s.i} was not offline`);
              }
            } catch (e) {
              out.push(`${s.kind} ${'i' in s ? s.i : s.j}: ${e instanceof Error ? e.message : String(e)}`);
            }
          }
          return out;
        },
        steps.slice(k, k + 20),
      );
      expect(errors).toEqual([]);
    }
    const queuing = (Date.now() - started) / 1000;
    const state = await tab.evaluate(() => (window as unknown as { bigSync: PageState }).bigSync.core.getSyncState());
    expect(state.pending).toBe(QUEUED);
    expect(state.conflicts).toBe(0);
    await tab.close();
    console.log(
      `big sync: ${steps.length} changes queued offline in ${queuing.toFixed(1)} s (${QUEUED} in the outbox)`,
    );

    // The app's tab, reloaded with the server still down (the service worker serves it), shows them.
    await reloadApp();
    await expect.poll(badge, { timeout: 30_000 }).toBe(`${QUEUED} sprememb čaka`);
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    await expect.poll(() => page.getByTestId('pending-change').count(), { timeout: 30_000 }).toBe(QUEUED);
    await screenshot(page, 'bigsync-1-queued');
    await page.getByRole('button', { name: 'Zapri' }).first().click();
    queued = true;
  }, 180_000);

  it('sends them all by itself while the network and the server fail', async () => {
    expect(queued, 'nothing waits in the outbox (see the test before)').toBe(true);
    const t0 = Date.now();
    const at = (): string => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
    const debug = Boolean(process.env.BIGSYNC_DEBUG);
    if (debug) {
      // BIGSYNC_DEBUG=1: the provider's requests and every 401 as the browser sees them, and the page's console.
      ctx.on('request', (r) => void (r.url().includes('/idp/') && console.log(`${at()} ${r.method()} ${r.url()}`)));
      ctx.on(
        'response',
        (r) =>
          void (
            (r.url().includes('/idp/') || r.status() === 401) &&
            console.log(`${at()} ${r.status()} ${r.request().method()} ${r.url()}`)
          ),
      );
      ctx.on(
        'requestfailed',
        (r) =>
          void (r.url().includes('/idp/') && console.log(`${at()} failed ${r.url()} ${r.failure()?.errorText ?? ''}`)),
      );
      page.on('console', (m) => console.log(`${at()} console.${m.type()}: ${m.text()}`));
    }
    // The probe the token step relies on: the server takes a valid token (and refuses an expired one).
    expect(await serverRefuses(await token())).toBe(false);
    const start = { ...proxy.stats };
    const gate = proxy.gate;
    const log: string[] = [];
    /** Changes on the server at the last poll. */
    let p = 0;
    /** How many changes were on the server at each scripted event: each must come before the end. */
    const events: Record<string, number> = {};
    const note = (what: string): void => void log.push(`${at()}, ${p}/${QUEUED} on the server: ${what}`);
    const event = (name: string, what: string): void => {
      events[name] = p;
      note(what);
    };
    /**
     * Reads the server's progress every half second until `cond` holds: the watch that orders the
     * steps below. Fails with the timeline when it has not after `timeoutMs`.
     */
    const until = async (what: string, cond: () => boolean | Promise<boolean>, timeoutMs = 120_000): Promise<void> => {
      const from = Date.now();
      for (;;) {
        p = applied(await ownRecords());
        if (debug)
          console.log(
            `${at()} ${p}/${QUEUED} on the server; held ${gate.held}; badge '${await badge()}'; device: ${JSON.stringify(await outboxOnDevice())}`,
          );
        if (await cond()) return;
        if (Date.now() - from > timeoutMs) {
          await screenshot(page, 'bigsync-stuck');
          const signedOut =
            (await page.getByText('Prijava ni uspela').count()) > 0 ? '; the app asks to sign in again' : '';
          throw new Error(
            `waited ${timeoutMs / 1000} s for ${what} at ${p}/${QUEUED}; held ${gate.held}; badge '${await badge()}'${signedOut}\n${log.join('\n')}`,
          );
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    };

    // Reload 1: the gate lets GATE.reload1 change requests reach the server and holds the next, so the
    // page is reloaded with a change on its way. The held request reaches the server after the reload
    // (its answer lost), and the reloaded app sends that change again: it must not be stored twice.
    gate.holdAfter(GATE.reload1);
    proxy.flakyEvery = FLAKY_EVERY;
    proxy.mode = 'flaky';
    await until(`change request ${GATE.reload1 + 1} held at the proxy`, () => gate.held > 0);
    event('reload1', 'reload 1, with a change request held at the proxy');
    await reloadApp();
    await gate.release(GATE.kill);

    // The server killed with a change held: it reaches the restarted server.
    await until(`change request ${GATE.kill + 1} after reload 1 held at the proxy`, () => gate.held > 0);
    event('killed', 'server SIGKILLed, with a change request held at the proxy');
    const old = server;
    const exited = new Promise<void>((r) => old.proc.once('exit', () => r()));
    old.proc.kill('SIGKILL');
    await exited;
    const downAt = Date.now();
    server = await startAppServer({ dataDir, port: old.port, env: { ...serverEnv, PUBLIC_URL: proxy.url } });
    figures.restartSeconds = (Date.now() - downAt) / 1000;
    note(`server restarted on the same data and port in ${figures.restartSeconds.toFixed(1)} s`);

    // The token: from now on the provider's token endpoint cannot be reached, so the app's renewals
    // fail and its access token expires. The gate holds the sync after GATE.token more change
    // requests, so changes still wait when it does; then the server answers 401 and the queue pauses.
    proxy.refuseToken = true;
    const unauthorizedFrom = proxy.stats.unauthorized;
    note('token requests refused from now on');
    await gate.release(GATE.token);
    await until(
      'the app’s access token to expire (the server refuses it)',
      async () => {
        const current = await appToken();
        return current !== null && (await serverRefuses(current));
      },
      TOKEN_TTL_S * 3 * 1000,
    );
    event('tokenExpired', 'the app’s access token expired');
    // The held change goes on with the expired token. The 401 may have come already (the app's
    // request met the expiry first): any since the refusal.
    await gate.release();
    await until('a 401 from the server', () => proxy.stats.unauthorized > unauthorizedFrom);
    // A 401 pauses the whole queue until the app has a new token, and no token can be had: from here
    // the gate holds every change request, so the count of GATE.reload2 starts when the token can
    // be renewed, and nothing the app tries meanwhile uses it up.
    gate.holdAfter(0);
    const pausedAt = Date.now();
    note('the server answered 401: the queue pauses');
    // The app tries to renew again by itself and cannot; then the provider is back and the queue must
    // go on with no user action (the silent renewal).
    const tokenRefusedAtPause = proxy.stats.tokenRefused;
    await until('a renewal after the 401', () => proxy.stats.tokenRefused > tokenRefusedAtPause);
    proxy.refuseToken = false;
    const allowedAt = Date.now();
    const pAtAllow = p;
    figures.pausedSeconds = (allowedAt - pausedAt) / 1000;
    note('the app’s renewal failed; token requests allowed again');
    await gate.release(GATE.reload2);
    await until('the queue to go on with a renewed token', () => p > pAtAllow);
    figures.resumeSeconds = (Date.now() - allowedAt) / 1000;
    event('resumed', 'the queue goes on with a renewed token');

    // Reload 2: GATE.reload2 change requests after the token endpoint is back, the next one held.
    await until(`change request ${GATE.reload2 + 1} after the pause held at the proxy`, () => gate.held > 0);
    event('reload2', 'reload 2, with a change request held at the proxy');
    await reloadApp();
    await gate.release();

    await until('every change on the server', () => p === QUEUED, 240_000);
    note('all on the server');
    await expect.poll(() => page.getByTestId('sync-badge').count(), { timeout: 60_000 }).toBe(0);
    figures.syncSeconds = (Date.now() - t0) / 1000;
    note('the badge is gone');
    synced = true;
    proxy.mode = 'pass';
    const s = proxy.stats;
    Object.assign(figures, {
      requests: s.requests - start.requests,
      faults: s.faults - start.faults,
      unauthorized: s.unauthorized - start.unauthorized,
      tokenRefused: s.tokenRefused - start.tokenRefused,
      held: gate.heldTotal,
    });
    console.log(`big sync timeline (from the network's return):\n${log.join('\n')}`);
    // Every event happened while changes were still waiting.
    const early = Object.entries(events).filter(([, n]) => n >= QUEUED);
    expect(early, 'events with nothing left to send').toEqual([]);
    expect(Object.keys(events)).toEqual(['reload1', 'killed', 'tokenExpired', 'resumed', 'reload2']);
    expect(figures.unauthorized).toBeGreaterThan(0);
    expect(figures.tokenRefused).toBeGreaterThan(0);
    expect(figures.faults).toBeGreaterThan(0);
  }, 420_000);

  it('has every change on the server exactly once, every photo once, and nothing left in the queue', async () => {
    expect(synced, 'the queue did not reach the server (see the test before)').toBe(true);
    const after = await ownRecords();
    const byComment = new Map<string, Feature[]>();
    for (const f of after) {
      const c = String(f.properties['1055'] ?? '');
      byComment.set(c, [...(byComment.get(c) ?? []), f]);
    }
    const detailed = async (id: number): Promise<{ attachments: Array<{ id: number }> }> => {
      const r = await fetch(`${server.url}/api/Features/35/48/${id}/detailed`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      expect(r.status).toBe(200);
      return (await r.json()) as { attachments: Array<{ id: number }> };
    };
    const orientation = async (id: number): Promise<'portrait' | 'landscape'> => {
      const r = await fetch(`${server.url}/api/Records/35/record/${id}/attachmentinfo/1`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      expect(r.status).toBe(200);
      const m = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      return (m.height ?? 0) > (m.width ?? 0) ? 'portrait' : 'landscape';
    };
    const problems: string[] = [];
    for (let i = 0; i < N_CREATES; i++) {
      const edited = i < N_OFFLINE_EDITS;
      const found = [...(byComment.get(tag.create(i)) ?? []), ...(byComment.get(tag.createEdited(i)) ?? [])];
      if (found.length !== 1) {
        problems.push(`create ${i}: ${found.length} records`);
        continue;
      }
      const f = found[0]!;
      if (f.properties['782'] !== (edited ? count.createEdited(i) : count.create(i)))
        problems.push(`create ${i}: Število ${String(f.properties['782'])}`);
      if (f.properties['1055'] !== (edited ? tag.createEdited(i) : tag.create(i)))
        problems.push(`create ${i}: Opombe ${String(f.properties['1055'])}`);
      const photos = (await detailed(f.id)).attachments.length;
      if (photos !== 1) problems.push(`create ${i}: ${photos} photos`);
      else {
        const want = edited && i % OFFLINE_EDIT_PHOTO_EVERY === 0 ? 'portrait' : 'landscape';
        if ((await orientation(f.id)) !== want) problems.push(`create ${i}: not the ${want} photo`);
      }
    }
    const byId = new Map(after.map((f) => [f.id, f]));
    for (let j = 0; j < N_EDITS; j++) {
      const f = byId.get(serverIds[j]!);
      if (!f) problems.push(`edit ${j}: record gone`);
      else if (f.properties['782'] !== count.edit(j) || f.properties['1055'] !== tag.edit(j))
        problems.push(`edit ${j}: ${String(f.properties['782'])} / ${String(f.properties['1055'])}`);
      else {
        const photos = (await detailed(f.id)).attachments.length;
        if (photos !== (j < EDIT_PHOTOS ? 1 : 0)) problems.push(`edit ${j}: ${photos} photos`);
      }
    }
    for (let j = N_EDITS; j < N_EDITS + N_DELETES; j++) {
      const r = await fetch(`${server.url}/api/Features/35/48/${serverIds[j]}`, {
        headers: { authorization: `Bearer ${await token()}` },
      });
      await r.arrayBuffer();
      if (r.status !== 404) problems.push(`delete ${j - N_EDITS}: ${r.status}`);
    }
    expect(problems).toEqual([]);
    // Nothing else: ana's records are those from before, less the deleted, plus the creates.
    const beforeIds = new Set(before.map((f) => f.id));
    const added = after.filter((f) => !beforeIds.has(f.id));
    expect(added.length).toBe(N_CREATES);
    expect(after.length).toBe(before.length - N_DELETES + N_CREATES);

    // Nothing left on the device: no badge, no waiting change, an empty outbox and no pending flags.
    expect(await page.getByTestId('sync-badge').count()).toBe(0);
    const local = await outboxOnDevice();
    expect(local).toEqual({ outbox: 0, failed: 0, uploading: 0, flagged: 0, photos: 0 });
    await page.getByRole('button', { name: 'Uporabnik' }).click();
    await page.getByText('Uporabniški račun:').waitFor();
    expect(await page.getByTestId('pending-change').count()).toBe(0);
    await screenshot(page, 'bigsync-2-synced');
    console.log(`big sync figures: ${JSON.stringify(figures)}`);
    await ctx.close();
  }, 120_000);
});
