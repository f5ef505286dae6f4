import { startServer, type StartServerOptions, type TestServer } from '../../api/helpers/server.ts';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Starts the real server serving the built app: dist/ (built by the test script), or the
 * directory in DIST_DIR (the server reads the same variable), so that a build elsewhere can
 * be tested without touching dist/.
 */
export async function startAppServer(opts: StartServerOptions = {}): Promise<TestServer> {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`${dist} has no index.html: run "npm run build" first (npm test does it).`);
  return startServer(opts);
}
