import { resolve } from 'node:path';

/** The embedded provider's access-token lifetime when ACCESS_TOKEN_TTL_SECONDS is not set: 10 minutes. */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 10 * 60;

/** Settings of one server process, from the environment. */
export interface ServerConfig {
  /** PORT, default 8080. */
  port: number;
  /** HOST to listen on, default 0.0.0.0. */
  host: string;
  /** DATA_DIR: the embedded database, tile cache and keys; default ./data. */
  dataDir: string;
  /** DATABASE_URL: PostgreSQL instead of the embedded PGlite, when set. */
  databaseUrl: string | null;
  /** PUBLIC_URL: the origin users see (issuer and redirect URIs); default http://localhost:PORT. */
  publicUrl: string;
  /** IDENTITY_CONFIG: a JSON file served as /identity.json (another provider); default: the embedded one. */
  identityConfigFile: string | null;
  /** DIST_DIR: the built app; default ./dist. */
  distDir: string;
  /** SEED=0 skips the sample data. */
  seed: boolean;
  /**
   * LOG_LEVEL: the JSON request log's level (trace, debug, info, warn, error, fatal or silent),
   * default info: one line per request in and out, each with its X-Request-Id, and every 5xx with
   * its stack. Tokens, passwords, cookies and secret query parameters are never written
   * (server/http/logging.ts).
   */
  logLevel: LogLevel;
  /**
   * METRICS_TOKEN: when set, GET /metrics (Prometheus text) answers only a request with
   * `Authorization: Bearer <token>`; unset, /metrics is open, so keep it off the public balancer.
   */
  metricsToken: string | null;
  /** EXTRA_ORIGINS: comma-separated origins the app may load images/data from (real tile services). */
  extraOrigins: string[];
  /**
   * ACCESS_TOKEN_TTL_SECONDS: how long the embedded provider's access tokens live, default 600
   * (10 minutes: they are JWTs and cannot be revoked). Tests shorten it to see a token expire.
   */
  accessTokenTtlSeconds: number;
  /**
   * The exports (server/api/exports/routes.ts): EXPORT_LICENSE is the licence of the Darwin Core Archive
   * (CC-BY-4.0 by default, or CC0-1.0 or CC-BY-NC-4.0: the ones GBIF accepts); EXPORT_PUBLISHER
   * the organisation its eml.xml names (default 'Sporoči vrsto'); EXPORT_CONTACT_EMAIL its contact.
   */
  exports: { license: string; publisher: string; contactEmail: string | null };
}

/** The levels LOG_LEVEL takes. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** One of LOG_LEVELS. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The log level of `env` (LOG_LEVEL, default info); an unknown level stops the start. */
export function loadLogLevel(env: NodeJS.ProcessEnv): LogLevel {
  const level = (env.LOG_LEVEL ?? '').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}: ${env.LOG_LEVEL}`);
  return level as LogLevel;
}

/** The licences EXPORT_LICENSE takes (server/api/exports/dwcaTerms.ts LICENSES). */
export const EXPORT_LICENSES = ['CC-BY-4.0', 'CC0-1.0', 'CC-BY-NC-4.0'] as const;

/** The export settings of `env` (part of loadConfig; also read by registerApi when its caller gives none). */
export function loadExportConfig(env: NodeJS.ProcessEnv): ServerConfig['exports'] {
  const license = (env.EXPORT_LICENSE ?? '').trim() || 'CC-BY-4.0';
  if (!(EXPORT_LICENSES as readonly string[]).includes(license)) {
    throw new Error(`EXPORT_LICENSE must be one of ${EXPORT_LICENSES.join(', ')}: ${env.EXPORT_LICENSE}`);
  }
  return {
    license,
    publisher: (env.EXPORT_PUBLISHER ?? '').trim() || 'Sporoči vrsto',
    contactEmail: (env.EXPORT_CONTACT_EMAIL ?? '').trim() || null,
  };
}

/** Reads the server's settings from `env`. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT is not a port number: ${env.PORT}`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const accessTokenTtlSeconds = Number(env.ACCESS_TOKEN_TTL_SECONDS || DEFAULT_ACCESS_TOKEN_TTL_SECONDS);
  if (!Number.isInteger(accessTokenTtlSeconds) || accessTokenTtlSeconds < 1) {
    throw new Error(
      `ACCESS_TOKEN_TTL_SECONDS is not a whole number of seconds above 0: ${env.ACCESS_TOKEN_TTL_SECONDS}`,
    );
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    identityConfigFile: env.IDENTITY_CONFIG ? resolve(env.IDENTITY_CONFIG) : null,
    distDir: resolve(env.DIST_DIR ?? 'dist'),
    seed: env.SEED !== '0',
    logLevel: loadLogLevel(env),
    metricsToken: env.METRICS_TOKEN || null,
    extraOrigins: (env.EXTRA_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    accessTokenTtlSeconds,
    exports: loadExportConfig(env),
  };
}
