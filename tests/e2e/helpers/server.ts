import { startServer, type StartServerOptions, type TestServer } from '../../api/helpers/server.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Starts the real server serving the built app in dist/ (built by the test script). */
export async function startAppServer(opts: StartServerOptions = {}): Promise<TestServer> {
  const dist = join(process.cwd(), 'dist', 'index.html');
  if (!existsSync(dist)) throw new Error('dist/ is missing: run "npm run build" first (npm test does it).');
  return startServer(opts);
}
