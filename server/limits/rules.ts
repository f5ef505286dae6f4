/** One rate limit: at most `limit` hits per `windowS` seconds for one key. */
export interface LimitRule {
  /** The key prefix, which also names the limit in logs and in the rate_limits table. */
  name: string;
  limit: number;
  windowS: number;
}

/** Every limit of the server, and the bounds on concurrent password hashing and uploads. */
export interface LimitsConfig {
  /** Failed sign-ins at the embedded provider per account (the e-mail, normalised); null = off. */
  signInAccount: LimitRule | null;
  /** Failed sign-ins at the embedded provider per client address; null = off. */
  signInAddress: LimitRule | null;
  /** Requests to the embedded provider's token endpoint per client address; null = off. */
  token: LimitRule | null;
  /** Authenticated POST/PUT/PATCH/DELETE requests of /api per user; null = off. */
  writes: LimitRule | null;
  /** Downloads of a person's whole data (GET /api/me/export) per user; null = off. */
  personalExport: LimitRule | null;
  /** Password checks (scrypt) running at once in one process. */
  scryptConcurrency: number;
  /** Password checks waiting for a slot; one more is answered "try again" at once. */
  scryptQueue: number;
  /** Uploaded photos held in memory (read, thumbnailed, stored) at once in one process. */
  uploadConcurrency: number;
  /** Where uploaded files are spooled while their request runs (default: the system's temp directory). */
  uploadTmpDir: string | null;
}

/** The defaults, with the environment variable that overrides each. */
export const DEFAULT_LIMITS = {
  /** RATE_LIMIT_SIGNIN_ACCOUNT: 10 failures in 15 minutes per account. */
  signInAccount: { name: 'signin-account', limit: 10, windowS: 15 * 60 },
  /**
   * RATE_LIMIT_SIGNIN_ADDRESS: 50 failures in 15 minutes per client address. Higher than per
   * account because many people may share one address (an office, a school, a mobile carrier's NAT).
   */
  signInAddress: { name: 'signin-address', limit: 50, windowS: 15 * 60 },
  /** RATE_LIMIT_TOKEN: 60 a minute per client address (a sign-in needs one, a refresh one each). */
  token: { name: 'token', limit: 60, windowS: 60 },
  /** RATE_LIMIT_WRITES: 120 a minute per user (the outbox sends one change at a time). */
  writes: { name: 'writes', limit: 120, windowS: 60 },
  /**
   * RATE_LIMIT_PERSONAL_EXPORT: 10 an hour per user. Each reads all her finds and photos; nobody
   * needs it more often, and a stuck client retrying must not keep the database busy.
   */
  personalExport: { name: 'personal-export', limit: 10, windowS: 60 * 60 },
  /** SCRYPT_CONCURRENCY: 2 of libuv's 4 threads at most, so file reads and gzip keep two. */
  scryptConcurrency: 2,
  /** SCRYPT_QUEUE: 16 waiting (~3 s at ~0.35 s a check on two threads). */
  scryptQueue: 16,
  /** UPLOAD_CONCURRENCY: 4 photos of up to 20 MB in memory at once. */
  uploadConcurrency: 4,
} as const;

/** Parses a limit `N/SECONDS` (e.g. `10/900`), or `off`/`0` for none; throws with the variable's name. */
export function parseRule(
  name: string,
  variable: string,
  value: string | undefined,
  fallback: LimitRule,
): LimitRule | null {
  const v = (value ?? '').trim();
  if (v === '') return fallback;
  if (v === 'off' || v === '0') return null;
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(v);
  const limit = Number(m?.[1]);
  const windowS = Number(m?.[2]);
  if (!m || limit < 1 || windowS < 1)
    throw new Error(`${variable} must be LIMIT/SECONDS (e.g. 10/900) or off: ${value}`);
  return { name, limit, windowS };
}

function positiveInt(variable: string, value: string | undefined, fallback: number): number {
  const v = (value ?? '').trim();
  if (v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${variable} must be a whole number above 0: ${value}`);
  return n;
}

/** The limits of `env` (see DEFAULT_LIMITS for the variables and their defaults). */
export function loadLimits(env: NodeJS.ProcessEnv): LimitsConfig {
  const d = DEFAULT_LIMITS;
  return {
    signInAccount: parseRule(
      d.signInAccount.name,
      'RATE_LIMIT_SIGNIN_ACCOUNT',
      env.RATE_LIMIT_SIGNIN_ACCOUNT,
      d.signInAccount,
    ),
    signInAddress: parseRule(
      d.signInAddress.name,
      'RATE_LIMIT_SIGNIN_ADDRESS',
      env.RATE_LIMIT_SIGNIN_ADDRESS,
      d.signInAddress,
    ),
    token: parseRule(d.token.name, 'RATE_LIMIT_TOKEN', env.RATE_LIMIT_TOKEN, d.token),
    writes: parseRule(d.writes.name, 'RATE_LIMIT_WRITES', env.RATE_LIMIT_WRITES, d.writes),
    personalExport: parseRule(
      d.personalExport.name,
      'RATE_LIMIT_PERSONAL_EXPORT',
      env.RATE_LIMIT_PERSONAL_EXPORT,
      d.personalExport,
    ),
    scryptConcurrency: positiveInt('SCRYPT_CONCURRENCY', env.SCRYPT_CONCURRENCY, d.scryptConcurrency),
    scryptQueue: positiveInt('SCRYPT_QUEUE', env.SCRYPT_QUEUE, d.scryptQueue),
    uploadConcurrency: positiveInt('UPLOAD_CONCURRENCY', env.UPLOAD_CONCURRENCY, d.uploadConcurrency),
    uploadTmpDir: (env.UPLOAD_TMP_DIR ?? '').trim() || null,
  };
}
