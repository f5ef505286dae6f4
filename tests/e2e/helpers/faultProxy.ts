import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { startAppServer } from './server.ts';
import { freePort, type TestServer } from '../../api/helpers/server.ts';
import { signIn as apiSignIn } from '../../api/helpers/auth.ts';

/** How the proxy treats requests. */
export type ProxyMode =
  /** Everything passes. */
  | 'pass'
  /** The server is unreachable: every connection is dropped. */
  | 'down'
  /** Every third /api request (after the first two) fails: a 500 or a dropped connection. */
  | 'flaky';

/** A loopback proxy in front of the server that injects faults, with counts of what it did. */
export interface FaultProxy {
  url: string;
  port: number;
  mode: ProxyMode;
  stats: { requests: number; faults: number };
  close(): Promise<void>;
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
    stats: { requests: 0, faults: 0 },
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
    const isApi = (req.url ?? '').startsWith('/api/') && !(req.url ?? '').startsWith('/api/Test');
    if (state.mode === 'flaky' && isApi && ++apiCount % 3 === 0) {
      state.stats.faults++;
      if (apiCount % 2 === 0) {
        req.socket.destroy();
      } else {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 500, error: 'Internal Server Error', message: 'injected fault' }));
      }
      return;
    }
    const upstream = request(
      { host: t.hostname, port: t.port, method: req.method, path: req.url, headers: { ...req.headers, host: req.headers.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
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
 * the proxy's (so the browser, the provider's redirects and the tokens all go through it).
 */
export async function startAppBehindProxy(user: { email: string; password: string }): Promise<{ server: TestServer; proxy: FaultProxy; token: string }> {
  const port = await freePort();
  const server = await startAppServer({ env: { PUBLIC_URL: `http://localhost:${port}` } });
  const proxy = await startFaultProxy(server.url.replace('localhost', '127.0.0.1'), port);
  const token = (await apiSignIn(proxy.url, user.email, user.password)).accessToken;
  return { server, proxy, token };
}
