import { describe, expect, it } from 'vitest';
import { asUnavailable, DatabaseUnavailableError, isUnavailable } from '../../../../server/db/unavailable.ts';

/** An Error with a driver's `code`, as node-pg and Node's sockets report them. */
const coded = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe('isUnavailable', () => {
  it('counts the database going away, not answering or timing out', () => {
    for (const e of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P02'),
      coded('57P03', 'the database system is starting up'),
      coded('57014', 'canceling statement due to statement timeout'),
      coded('08006'),
      coded('08001'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
    ])
      expect(isUnavailable(e), e.message).toBe(true);
  });

  it('leaves errors of the statement itself alone', () => {
    for (const e of [
      coded('23505', 'duplicate key'),
      coded('42P01', 'relation does not exist'),
      new Error('boom'),
      'x',
    ])
      expect(isUnavailable(e)).toBe(false);
  });

  it('wraps only what is unavailable, keeping the cause', () => {
    const cause = coded('57P01');
    const wrapped = asUnavailable(cause);
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect((wrapped as DatabaseUnavailableError).cause).toBe(cause);
    expect(String(wrapped)).toMatch(/57P01/);
    const other = coded('23505');
    expect(asUnavailable(other)).toBe(other);
  });
});
