import { loadConfig } from './config.ts';
import { createServer } from './app.ts';

/** Starts the server on PORT and prints its URL. */
async function main(): Promise<void> {
  const cfg = loadConfig(process.env);
  const { app } = await createServer(cfg);
  await app.listen({ port: cfg.port, host: cfg.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : cfg.port;
  console.log(
    `Sporoči vrsto teče na ${cfg.publicUrl} (port ${port}, ${cfg.databaseUrl ? 'PostgreSQL' : 'PGlite v ' + cfg.dataDir})`,
  );
  const stop = async (): Promise<void> => {
    app.server.closeAllConnections();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
