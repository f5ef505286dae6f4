import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { startAppServer } from './server.ts';
import { isChangeRequest, RequestGate } from './requestGate.ts';
import { freePort, type StartServerOptions, type TestServer } from '../../api/helpers/server.ts';
import { signIn as apiSignIn } from '../../api/helpers/auth.ts';

/** How the proxy treats requests. */
export type ProxyMode =
  /** Everything passes. */
  | 'pass'
  /** The server is unreachable: every connection is dropped. */
  | 'down'
  /** Every third /api request (after the first two; see `flakyEvery`) fails: a 500 or a dropped connection. */
  | 'flaky';

/** What the proxy counted. */
export interface ProxyStats {
  /** Every request that reached the proxy. */
  requests: number;
  /** Requests it failed on purpose (dropped, 500, or a refused token request). */
  faults: number;
  /** /api answers 401 (the access token refused) passed on from the server. */
  unauthorized: number;
  /** Token requests (POST /idp/token), refused or not. */
  tokenRequests: number;
  /** Token requests dropped while `refuseToken` was set. */
  tokenRefused: number;
}

/** A loopback proxy in front of the server that injects faults, with counts of what it did. */
export interface FaultProxy {
  url: string;
  port: number;
  mode: ProxyMode;
  /** In 'flaky' mode, every this-many-th /api request fails; default 3. */
  flakyEvery: number;
  /**
   * While true, the identity provider's token endpoint cannot be reached (its connections are
   * dropped), in any mode: token renewals fail as when the provider is down, the API still works.
   */
  refuseToken: boolean;
  /**
   * The gate on the requests that change data (`isChangeRequest`), after the faults: open unless
   * a test closes it, to hold a sync at a known point.
   */
  gate: RequestGate;
  stats: ProxyStats;
  close(): Promise<void>;
}

/** The whole body of a request; rejects when its client goes away first. */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('the client went away'));
    });
  });
}

/** Starts a proxy on a free loopback port forwarding to `target` (http://127.0.0.1:PORT). */
export async function startFaultProxy(target: string, port = 0): Promise<FaultProxy> {
  const t = new URL(target);
  const sockets = new Set<Socket>();
  let apiCount = 0;
  const state: FaultProxy = {
    url: '',
    port: 0,
    mode: 'pass',
    flakyEvery: 3,
    refuseToken: false,
    gate: new RequestGate(),
    stats: { requests: 0, faults: 0, unauthorized: 0, tokenRequests: 0, tokenRefused: 0 },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.stats.requests++;
    if (state.mode === 'down') {
      state.stats.faults++;
      req.socket.destroy();
      return;
    }
    const isToken = req.method === 'POST' && (req.url ?? '').startsWith('/idp/token');
    if (isToken) state.stats.tokenRequests++;
    if (state.refuseToken && isToken) {
      state.stats.faults++;
      state.stats.tokenRefused++;
      req.socket.destroy();
      return;
    }
    const isApi = (req.url ?? '').startsWith('/api/') && !(req.url ?? '').startsWith('/api/Test');
    if (state.mode === 'flaky' && isApi && ++apiCount % state.flakyEvery === 0) {
      state.stats.faults++;
      // Alternately a 500 and a dropped connection.
      if ((apiCount / state.flakyEvery) % 2 === 0) {
        req.socket.destroy();
      } else {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 500, error: 'Internal Server Error', message: 'injected fault' }));
      }
      return;
    }
    if (isApi && isChangeRequest(req.method ?? '', req.url ?? '') && !state.gate.admit()) {
      void readBody(req).then(
        (body) => state.gate.hold(() => forward(req, res, body)),
        () => undefined, // The client went away before its request arrived whole: it never reached the gate.
      );
      return;
    }
    void forward(req, res, null);
  });
  /** Sends a request on to the server and its answer back; `body` when it was read already (a held request). */
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer | null): Promise<void> =>
    new Promise<void>((done) => {
      const upstream = request(
        {
          host: t.hostname,
          port: t.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: req.headers.host },
        },
        (up) => {
          if (up.statusCode === 401 && (req.url ?? '').startsWith('/api/')) state.stats.unauthorized++;
          up.once('error', () => done());
          if (body === null) {
            up.once('end', () => done());
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
            return;
          }
          // A held request: its answer is read whole, and dropped when its client is gone (lost on the way back).
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.once('end', () => {
            if (!res.destroyed) {
              res.writeHead(up.statusCode ?? 502, up.headers);
              res.end(Buffer.concat(chunks));
            }
            done();
          });
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent && !res.destroyed) res.writeHead(502);
        res.end();
        done();
      });
      if (body === null) req.pipe(upstream);
      else upstream.end(body);
    });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const addr = server.address();
  state.port = typeof addr === 'object' && addr ? addr.port : 0;
  state.url = `http://localhost:${state.port}`;
  return state;
}

/**
 * The app server behind a fault proxy, signed in as `user` through the API: the app's public URL is
 * the proxy's (so the browser, the provider's redirects and the tokens all go through it). `opts`
 * go to the server (e.g. its data directory and more environment).
 */
export async function startAppBehindProxy(
  user: { email: string; password: string },
  opts: StartServerOptions = {},
): Promise<{ server: TestServer; proxy: FaultProxy; token: string }> {
  const port = await freePort();
  const server = await startAppServer({ ...opts, env: { ...opts.env, PUBLIC_URL: `http://localhost:${port}` } });
  const proxy = await startFaultProxy(server.url.replace('localhost', '127.0.0.1'), port);
  const token = (await apiSignIn(proxy.url, user.email, user.password)).accessToken;
  return { server, proxy, token };
}

/** Takes the server away (the proxy drops every connection) and waits until the app on `page` says it is offline. */
export async function takeServerDown(proxy: FaultProxy, page: Page): Promise<void> {
  proxy.mode = 'down';
  await page.getByText('Brez povezave').first().waitFor({ timeout: 30_000 });
}
