import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Db } from '../db/index.ts';
import type { Semaphore } from '../limits/semaphore.ts';

/** An account of the embedded provider, as given in IDP_ACCOUNTS_FILE or the demo set. */
export interface AccountInput {
  email: string;
  name: string;
  password: string;
  roles?: string[];
}

/** An account as the provider uses it (no password). */
export interface Account {
  email: string;
  name: string;
  roles: string[];
}

/** The demo accounts created on the first start when no IDP_ACCOUNTS_FILE is given. */
export const DEMO_ACCOUNTS: readonly AccountInput[] = [
  { email: 'ana@example.si', name: 'Ana Novak', password: 'demo1234', roles: [] },
  { email: 'bor@example.si', name: 'Bor Kranjc', password: 'demo1234', roles: [] },
  { email: 'admin@example.si', name: 'Administrator', password: 'demo1234', roles: ['admin'] },
  // Reviews butterflies (group 8) and beetles (group 7): domain/review.ts.
  {
    email: 'pregled@example.si',
    name: 'Pregledovalka Vesna',
    password: 'demo1234',
    roles: ['reviewer:8', 'reviewer:7'],
  },
];

// scrypt cost N=2^15, r=8, p=3: one of OWASP's equivalent minimum settings (32 MiB, ~0.35 s here).
const N = 32768;
const R = 8;
const P = 3;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (![n, r, p].every(Number.isInteger) || expected.length === 0) return false;
  const key = await scrypt(password, salt, expected.length, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
  return timingSafeEqual(key, expected);
}

/** `settings` key of the digest of the IDP_ACCOUNTS_FILE applied last. */
const FILE_DIGEST_KEY = 'idp.accountsFileDigest';

/** A hash to compare against when the e-mail is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;

/** Normalises an e-mail for lookups (accounts are stored lowercase). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Loads an account by e-mail; null when there is none. */
export async function findAccount(db: Db, email: string): Promise<Account | null> {
  const rows = await db.query<{ email: string; name: string; roles: unknown }>(
    'select email, name, roles from idp_accounts where email = $1',
    [normaliseEmail(email)],
  );
  const row = rows[0];
  if (!row) return null;
  const roles = Array.isArray(row.roles) ? row.roles.filter((r): r is string => typeof r === 'string') : [];
  return { email: row.email, name: row.name, roles };
}

/**
 * Returns the account when e-mail and password match, else null (same timing either way). With
 * `gate`, the hash runs in one of its slots, so that password checks never take all of libuv's
 * threads; a full gate rejects with SemaphoreFull before any hashing.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  gate?: Semaphore,
): Promise<Account | null> {
  const rows = await db.query<{ password_hash: string }>('select password_hash from idp_accounts where email = $1', [
    normaliseEmail(email),
  ]);
  const stored = rows[0]?.password_hash;
  const verify = async (): Promise<boolean> => {
    if (stored) return verifyPassword(password, stored);
    dummyHash ??= hashPassword('not a password');
    await verifyPassword(password, await dummyHash);
    return false;
  };
  const ok = gate ? await gate.run(verify) : await verify();
  return ok ? findAccount(db, email) : null;
}

/** Validates the JSON of IDP_ACCOUNTS_FILE; throws a message that names the file and the entry. */
export function parseAccountsFile(path: string, text: string): AccountInput[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`IDP_ACCOUNTS_FILE ${path} is not valid JSON: ${(e as Error).message}`, { cause: e });
  }
  if (!Array.isArray(data) || data.length === 0) {
    throw new Error(`IDP_ACCOUNTS_FILE ${path} must be a non-empty JSON array of {email, name, password, roles}`);
  }
  const seen = new Set<string>();
  return data.map((item: unknown, i) => {
    const bad = (why: string): Error => new Error(`IDP_ACCOUNTS_FILE ${path}, entry ${i}: ${why}`);
    if (typeof item !== 'object' || item === null) throw bad('must be an object');
    const { email, name, password, roles } = item as Record<string, unknown>;
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))
      throw bad('email must be an e-mail address');
    if (typeof name !== 'string' || name.trim() === '') throw bad('name must be a non-empty string');
    if (typeof password !== 'string' || password.length < 8)
      throw bad('password must be a string of at least 8 characters');
    if (roles !== undefined && (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')))
      throw bad('roles must be an array of strings');
    const key = normaliseEmail(email);
    if (seen.has(key)) throw bad(`duplicate email ${key}`);
    seen.add(key);
    return { email: key, name: name.trim(), password, roles: (roles as string[] | undefined) ?? [] };
  });
}

async function upsertAccount(db: Db, a: AccountInput, passwordHash: string): Promise<void> {
  await db.query(
    `insert into idp_accounts (email, name, password_hash, roles) values ($1, $2, $3, $4::jsonb)
     on conflict (email) do update set name = excluded.name, password_hash = excluded.password_hash, roles = excluded.roles`,
    [normaliseEmail(a.email), a.name, passwordHash, JSON.stringify(a.roles ?? [])],
  );
}

/**
 * Sets up the accounts at start. With IDP_ACCOUNTS_FILE: its accounts are written (the file is
 * their source of truth, so a changed password applies at the next start) and the demo accounts
 * are removed unless the file lists them. Without it: each demo account that is not there yet
 * (existing ones keep their password).
 */
export async function ensureAccounts(db: Db, accountsFile: string | null): Promise<void> {
  if (accountsFile) {
    let text: string;
    try {
      text = readFileSync(accountsFile, 'utf8');
    } catch (e) {
      throw new Error(`IDP_ACCOUNTS_FILE ${accountsFile} cannot be read: ${(e as Error).message}`, { cause: e });
    }
    const accounts = parseAccountsFile(accountsFile, text);
    // Hashing costs ~0.35 s an account: skip it when the file is the one applied last time.
    const digest = createHash('sha256').update(text).digest('base64url');
    const applied = await db.query<{ value: unknown }>('select value from settings where key = $1', [FILE_DIGEST_KEY]);
    if (applied[0]?.value === digest) return;
    for (const a of accounts) await upsertAccount(db, a, await hashPassword(a.password));
    await db.query(
      'insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value',
      [FILE_DIGEST_KEY, JSON.stringify(digest)],
    );
    const listed = new Set(accounts.map((a) => a.email));
    const demo = DEMO_ACCOUNTS.map((a) => a.email).filter((e) => !listed.has(e));
    if (demo.length) await db.query('delete from idp_accounts where email = any($1::text[])', [demo]);
    return;
  }
  // The demo accounts missing from this installation (all on the first start; a demo account added
  // in a later version, such as the reviewer, on the next start of an older data directory).
  const present = new Set(
    (
      await db.query<{ email: string }>('select email from idp_accounts where email = any($1::text[])', [
        DEMO_ACCOUNTS.map((a) => a.email),
      ])
    ).map((r) => r.email),
  );
  const missing = DEMO_ACCOUNTS.filter((a) => !present.has(a.email));
  if (missing.length === 0) return;
  // Hashed concurrently (libuv's thread pool), so the first start waits for one hash, not four.
  const hashes = await Promise.all(missing.map((a) => hashPassword(a.password)));
  for (const [i, a] of missing.entries()) {
    await db.query(
      'insert into idp_accounts (email, name, password_hash, roles) values ($1, $2, $3, $4::jsonb) on conflict (email) do nothing',
      [a.email, a.name, hashes[i], JSON.stringify(a.roles ?? [])],
    );
  }
}
