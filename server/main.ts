import { loadConfig } from './config.ts';
import { createServer } from './app.ts';
import { drain } from './lifecycle/drain.ts';

/**
 * Starts the server on PORT and prints its URL. SIGTERM (a service manager, a rolling restart)
 * drains with the grace period a balancer needs to notice; SIGINT (Ctrl-C at a terminal) drains
 * without it, since nobody waits on /readyz there. A second signal ends the process at once.
 */
async function main(): Promise<void> {
  const cfg = loadConfig(process.env);
  const { app, drainState } = await createServer(cfg);
  await app.listen({ port: cfg.port, host: cfg.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : cfg.port;
  console.log(
    `Sporoči vrsto teče na ${cfg.publicUrl} (port ${port}, ${cfg.databaseUrl ? 'PostgreSQL' : 'PGlite v ' + cfg.dataDir})`,
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    const settings = signal === 'SIGINT' ? { ...cfg.drain, graceMs: 0 } : cfg.drain;
    void drain(app, drainState, settings).then(
      (code) => process.exit(code),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
