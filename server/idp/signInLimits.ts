import { createHash } from 'node:crypto';
import type { RateLimiter } from '../limits/rateLimiter.ts';
import type { LimitsConfig, LimitRule } from '../limits/rules.ts';
import { Semaphore } from '../limits/semaphore.ts';
import { normaliseEmail } from './accounts.ts';

/** The rate limiter and the limits the embedded provider applies. */
export interface IdpLimits {
  limiter: RateLimiter;
  config: LimitsConfig;
}

/**
 * A sign-in attempt let through (counted as a failure until `takeBack`, called when it succeeded
 * or was never checked), or refused with the seconds to wait.
 */
export type Attempt = { allowed: true; takeBack: () => Promise<void> } | { allowed: false; retryAfterS: number };

/**
 * Failed sign-ins per account and per client address. An attempt is counted as a failure BEFORE
 * its password is checked (so that parallel guesses cannot slip past the limit while they hash)
 * and taken back when it succeeds: a success does not count. It does not wipe the failures
 * before it either: for the address that would let someone holding one account reset the count
 * by signing into it between guesses at others, and for the account the failures age out with
 * the window anyway (a person who mistyped a few times is far from the limit).
 */
/**
 * The account limit's key: a SHA-256 of the normalised e-mail, not the e-mail, so that attempts
 * on a deleted account (docs/account-deletion.md) leave no e-mail in rate_limits.
 */
export function signInAccountKey(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('base64url');
}

export class SignInGuard {
  /** The password checks of this process: a few at once, a bounded queue (accounts.ts checkCredentials). */
  readonly gate: Semaphore;
  private readonly rules: { rule: LimitRule; key: (email: string, address: string) => string }[];

  constructor(private readonly limits: IdpLimits | null) {
    const c = limits?.config;
    this.gate = new Semaphore(c?.scryptConcurrency ?? 2, c?.scryptQueue ?? 16, 'password checks');
    this.rules = [];
    if (c?.signInAccount) this.rules.push({ rule: c.signInAccount, key: signInAccountKey });
    if (c?.signInAddress) this.rules.push({ rule: c.signInAddress, key: (_email, address) => address });
  }

  /** Counts the attempt of `email` from `address` against both limits; refused, with the seconds to wait, when either is used up. */
  async attempt(email: string, address: string): Promise<Attempt> {
    const limiter = this.limits?.limiter;
    const undos: (() => Promise<void>)[] = [];
    const takeBack = async (): Promise<void> => {
      for (const undo of undos) await undo();
    };
    if (!limiter) return { allowed: true, takeBack };
    for (const { rule, key } of this.rules) {
      const d = await limiter.hit(rule, key(email, address));
      if (!d.allowed) {
        await takeBack();
        return { allowed: false, retryAfterS: d.retryAfterS };
      }
      undos.push(d.undo);
    }
    return { allowed: true, takeBack };
  }
}

/** The Slovenian sentence of a refused attempt: when to try again, in whole minutes. */
export function tooManyAttemptsText(retryAfterS: number): string {
  return `Preveč neuspešnih poskusov prijave. Poskusite znova čez ${Math.max(1, Math.ceil(retryAfterS / 60))} min.`;
}

/** The Slovenian sentence when the password checks of the process are all busy. */
export const BUSY_TEXT = 'Strežnik ima trenutno preveč prijav hkrati. Poskusite znova čez nekaj sekund.';
