import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from './db/postgres.ts';
import { loadLimits, type LimitsConfig } from './limits/rules.ts';

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
  /** The project's contact e-mail (loadContactEmail: CONTACT_EMAIL), on the privacy page and in personal data archives. */
  contactEmail: string;
  /**
   * The PostgreSQL pool of this process (ignored on PGlite): DATABASE_POOL_MAX connections (10);
   * DATABASE_CONNECT_TIMEOUT_MS to get one (5000); DATABASE_STATEMENT_TIMEOUT_MS per statement
   * (15000); DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS for a transaction left idle (30000). The
   * fleet's total (processes x pool) must stay below PostgreSQL's max_connections.
   */
  database: PoolSettings;
  /**
   * DATABASE_START_WAIT_MS (30000): how long a start keeps trying while PostgreSQL is unreachable
   * or restarting before it gives up (exit 1).
   */
  databaseStartWaitMs: number;
  /** Draining on SIGTERM (server/lifecycle/drain.ts). */
  drain: DrainSettings;
  /**
   * TRUST_PROXY: whose X-Forwarded-For / -Proto / -Host to believe (the client address in logs and
   * rate limits): comma-separated addresses or CIDRs of the balancers (e.g. `127.0.0.1,10.0.0.0/8`).
   * Default: none (false), the peer's own address and the connection's protocol count.
   */
  trustProxy: false | string[];
  /**
   * Rate limits (kept in the database, shared by every process on it) and the bounds on password
   * hashing and uploads (server/limits/rules.ts): RATE_LIMIT_SIGNIN_ACCOUNT (default 10/900:
   * failed sign-ins per account per 15 min), RATE_LIMIT_SIGNIN_ADDRESS (50/900 per client
   * address), RATE_LIMIT_TOKEN (60/60: token requests per client address), RATE_LIMIT_WRITES
   * (120/60: writes per user), RATE_LIMIT_PERSONAL_EXPORT (10/3600: downloads of one's own data), each `LIMIT/SECONDS` or `off`; SCRYPT_CONCURRENCY (2) and
   * SCRYPT_QUEUE (16) password checks at once and waiting; UPLOAD_CONCURRENCY (4) photos in memory
   * at once; UPLOAD_TMP_DIR where uploads are spooled (default the system's temp directory).
   */
  limits: LimitsConfig;
}

/** How the process drains on SIGTERM. */
export interface DrainSettings {
  /**
   * DRAIN_GRACE_MS (5000): how long after SIGTERM the process still accepts connections while
   * /readyz answers 503, so that the balancer takes it out first. Make it longer than the
   * balancer's check interval times the failures it needs (HAProxy `inter` x `fall`).
   */
  graceMs: number;
  /** DRAIN_TIMEOUT_MS (30000): the process exits by then even if requests are still running. */
  timeoutMs: number;
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

/** The contact address when neither CONTACT_EMAIL nor EXPORT_CONTACT_EMAIL is set: the app's default (worker/config.ts). */
export const DEFAULT_CONTACT_EMAIL = 'sporoci.vrsto@example.si';

/**
 * The project's contact e-mail that the privacy page (/zasebnost) and a personal data archive name:
 * CONTACT_EMAIL, else EXPORT_CONTACT_EMAIL, else DEFAULT_CONTACT_EMAIL. Set it to the app's
 * /config.json contactEmail, so that 'O projektu' and the privacy page name the same address.
 */
export function loadContactEmail(env: NodeJS.ProcessEnv): string {
  const v = (env.CONTACT_EMAIL ?? '').trim() || (env.EXPORT_CONTACT_EMAIL ?? '').trim();
  if (v !== '' && !/^[^\s@]+@[^\s@]+$/.test(v)) throw new Error(`CONTACT_EMAIL must be an e-mail address: ${v}`);
  return v || DEFAULT_CONTACT_EMAIL;
}

/** A whole number of milliseconds (or a count) from `env[name]`, at least `min`; `fallback` when unset. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}: ${raw}`);
  return n;
}

/** The pool settings of `env` (part of loadConfig). */
export function loadPoolSettings(env: NodeJS.ProcessEnv): PoolSettings {
  const d = DEFAULT_POOL_SETTINGS;
  return {
    max: wholeNumber(env, 'DATABASE_POOL_MAX', d.max, 1),
    connectTimeoutMs: wholeNumber(env, 'DATABASE_CONNECT_TIMEOUT_MS', d.connectTimeoutMs, 1),
    statementTimeoutMs: wholeNumber(env, 'DATABASE_STATEMENT_TIMEOUT_MS', d.statementTimeoutMs, 1),
    idleInTransactionTimeoutMs: wholeNumber(
      env,
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      d.idleInTransactionTimeoutMs,
      1,
    ),
  };
}

/**
 * TRUST_PROXY as Fastify's trustProxy: false when unset, else a list of addresses and CIDRs. A hop
 * count is refused: it cannot tell a balancer from a client that sends the headers itself.
 */
export function parseTrustProxy(raw: string | undefined): false | string[] {
  const v = (raw ?? '').trim();
  if (v === '' || v === 'false') return false;
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const a of list) {
    const [ip = '', bits, ...rest] = a.split('/');
    const maxBits = isIP(ip) === 4 ? 32 : 128;
    if (!isIP(ip) || rest.length > 0 || (bits !== undefined && !(/^[0-9]+$/.test(bits) && Number(bits) <= maxBits)))
      throw new Error(`TRUST_PROXY: not an address or CIDR: ${a}`);
  }
  return list;
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
    contactEmail: loadContactEmail(env),
    database: loadPoolSettings(env),
    databaseStartWaitMs: wholeNumber(env, 'DATABASE_START_WAIT_MS', 30_000),
    drain: {
      graceMs: wholeNumber(env, 'DRAIN_GRACE_MS', 5_000),
      timeoutMs: wholeNumber(env, 'DRAIN_TIMEOUT_MS', 30_000, 1),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    limits: loadLimits(env),
  };
}
