/**
 * All main-thread JavaScript the signed-in map route loads up to the sightings drawn, measured
 * from the page's own requests (issue #16), not from the build's entry graph.
 *
 * How: a phone-sized context signs in, then `/#/` is reloaded; every request of type `Script`
 * that the page's own target sends (Chromium DevTools protocol, `Network.requestWillBeSent` on a
 * CDP session of the page: `<script>`, `modulepreload`, static and dynamic `import`) from the
 * navigation until `document.documentElement.dataset.sightings` is set (recorded in the page by a
 * MutationObserver) is counted once per URL, sized as gzip level 9 of the file in the dist (so the
 * figure does not depend on the server's compression or on the HTTP cache). Inline scripts of the
 * served HTML document (not requests of their own) are counted as one more row, gzip level 9 of
 * their text.
 *
 * Workers are excluded in two ways. (1) A dedicated worker and the service worker are targets of
 * their own: the requests they send (the data core's imports, the service worker's precache) are
 * never reported on the page's CDP session. (Playwright's `page.on('request')` is not used for
 * this: it reports a dedicated worker's requests as the page's main frame's, `frame()` included.)
 * (2) The one worker request the page's target does send, the worker's own top-level script
 * (fetched by `new Worker(url)`), is dropped by URL: the URLs of the page's workers
 * (`page.on('worker')`) and service workers. What the workers loaded is listed apart, from
 * playwright's page events less the page target's own. A chunk that the page and a worker both
 * import is counted: the page requested it, and it runs on the main thread too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { PHONE_CONTEXT } from '../lib.ts';

export interface Script {
  /** The URL's path, e.g. `/assets/index-x.js`. */
  path: string;
  /** gzip level 9 of the file in the dist (bytes); the transferred size when it is not there. */
  gzip: number;
  raw: number;
  /**
   * Request start, ms from navigation start (the page's `performance.timeOrigin`); for the
   * workers' scripts, when playwright reported the request (approximate).
   */
  at: number;
  /** A worker requested the same URL too (counted for the page all the same). */
  alsoInWorker: boolean;
  inDist: boolean;
}

export interface MainThreadScripts {
  /** Requested by the page up to the sightings drawn: the figure. */
  counted: Script[];
  /** Requested by the page after the sightings were drawn (not counted). */
  later: Script[];
  /** Requested by workers (their top-level scripts and what they import; not counted). */
  workers: Script[];
  totalGzip: number;
  sightingsAt: number;
  sightings: number;
}

type Marked = Window & { __benchSightingsAt?: number };

// Installed before the app's scripts run. A string, not a function: tsx's `__name` helper does not exist in the page.
const RECORD_SIGHTINGS = `(() => {
  new MutationObserver(() => {
    if (window.__benchSightingsAt === undefined && Number(document.documentElement?.dataset.sightings ?? 0) > 0)
      window.__benchSightingsAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-sightings'] });
})()`;

/**
 * Signs in with `signIn` in a new phone-sized context of `browser`, reloads `url` (the map route)
 * and returns the scripts of that reload; `dist` is the build the server serves.
 */
export async function measureMainThreadScripts(
  browser: Browser,
  url: string,
  dist: string,
  signIn: (page: Page, url: string) => Promise<void>,
): Promise<MainThreadScripts> {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await signIn(page, url);
    await page.waitForFunction(() => Number(document.documentElement.dataset.sightings ?? 0) > 0, null, {
      timeout: 120_000,
    });
    await context.addInitScript(RECORD_SIGHTINGS);

    // The page target's own requests (CDP) and everything playwright attributes to the page
    // (which includes the dedicated worker's requests).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const mainFrame = ((await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }).frameTree
      .frame.id;
    let reloading = false;
    let docLoader: string | undefined; // the reloaded document's loaderId
    let docRequest: string | undefined;
    const own = new Map<string, { url: string; loader: string; wall: number; transfer: number }>(); // by requestId
    cdp.on('Network.requestWillBeSent', (e) => {
      if (reloading && !docLoader && e.type === 'Document' && e.frameId === mainFrame) {
        docLoader = e.loaderId;
        docRequest = e.requestId;
      }
      if (reloading && e.type === 'Script')
        own.set(e.requestId, { url: e.request.url, loader: e.loaderId, wall: e.wallTime * 1000, transfer: 0 });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = own.get(e.requestId);
      if (r) r.transfer = e.encodedDataLength;
    });
    const anyScript: { url: string; wall: number }[] = [];
    page.on('request', (r) => {
      if (reloading && r.resourceType() === 'script') anyScript.push({ url: r.url(), wall: Date.now() });
    });
    const workerUrls = new Set<string>();
    page.on('worker', (w) => workerUrls.add(w.url()));

    reloading = true;
    await page.reload();
    await page.waitForFunction(() => (window as Marked).__benchSightingsAt !== undefined, null, {
      timeout: 120_000,
      polling: 16,
    });
    // Let the protocol events of requests sent just before the sightings reach us.
    await page.waitForTimeout(1000);
    const { origin, sightingsAt, sightings } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      sightingsAt: (window as Marked).__benchSightingsAt!,
      sightings: Number(document.documentElement.dataset.sightings),
    }));
    for (const sw of context.serviceWorkers()) workerUrls.add(sw.url());

    const size = (u: string, transfer: number): Pick<Script, 'path' | 'gzip' | 'raw' | 'inDist'> => {
      const path = new URL(u).pathname;
      const file = join(dist, path);
      if (!existsSync(file)) return { path, gzip: transfer, raw: NaN, inDist: false };
      const buf = readFileSync(file);
      return { path, gzip: gzipSync(buf, { level: 9 }).length, raw: buf.length, inDist: true };
    };
    // The page target's scripts of the reloaded document. (A request with another loaderId is the
    // previous document's, e.g. a lazy chunk of the sign-in page still loading; the worker's
    // top-level script has none.)
    const mine = [...own.values()].filter((r) => !r.loader || r.loader === docLoader);
    // What workers requested: the URLs playwright reported more often than the page's target sent
    // them (a chunk both import is requested once by each), and the workers' own scripts.
    const count = (urls: string[]): Map<string, number> => {
      const m = new Map<string, number>();
      for (const u of urls) m.set(u, (m.get(u) ?? 0) + 1);
      return m;
    };
    const byPage = count([...own.values()].map((r) => r.url));
    const workerRequested = new Set([
      ...[...count(anyScript.map((r) => r.url))].filter(([u, n]) => n > (byPage.get(u) ?? 0)).map(([u]) => u),
      ...[...workerUrls].filter((u) => anyScript.some((r) => r.url === u)),
    ]);
    const seen = new Set<string>();
    const counted: Script[] = [];
    const later: Script[] = [];
    for (const r of mine.sort((a, b) => a.wall - b.wall)) {
      const u = r.url;
      if (workerUrls.has(u) || seen.has(u)) continue;
      seen.add(u);
      const s: Script = { ...size(u, r.transfer), at: r.wall - origin, alsoInWorker: workerRequested.has(u) };
      (s.at <= sightingsAt ? counted : later).push(s);
    }
    // Inline scripts of the served document run on the main thread too (from its response body;
    // the dist's index.html if the body is gone).
    let html: string;
    try {
      const body = (await cdp.send('Network.getResponseBody', { requestId: docRequest! })) as {
        body: string;
        base64Encoded: boolean;
      };
      html = body.base64Encoded ? Buffer.from(body.body, 'base64').toString('utf8') : body.body;
    } catch {
      html = readFileSync(join(dist, 'index.html'), 'utf8');
    }
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
      .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs!))
      .filter(([, attrs]) => {
        const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs!)?.[1]?.toLowerCase();
        return !type || type === 'module' || type === 'text/javascript';
      })
      .map(([, , code]) => Buffer.from(code!.trim()))
      .filter((b) => b.length > 0);
    if (inline.length)
      counted.unshift({
        path: `the document ${new URL(url).pathname}: ${inline.length} inline script${inline.length > 1 ? 's' : ''}`,
        gzip: inline.reduce((a, b) => a + gzipSync(b, { level: 9 }).length, 0),
        raw: inline.reduce((a, b) => a + b.length, 0),
        at: 0,
        alsoInWorker: false,
        inDist: true,
      });
    const workers = [...workerRequested]
      .filter((u) => !seen.has(u))
      .map((u) => ({
        ...size(u, 0),
        at: (anyScript.find((r) => r.url === u)?.wall ?? NaN) - origin,
        alsoInWorker: true,
      }))
      .sort((a, b) => a.at - b.at);
    return {
      counted,
      later,
      workers,
      totalGzip: counted.reduce((a, s) => a + s.gzip, 0),
      sightingsAt,
      sightings,
    };
  } finally {
    await context.close();
  }
}
