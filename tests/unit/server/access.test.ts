import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../../domain/review.ts';
import type { Properties } from '../../../domain/model.ts';
import { assertCanEdit, canSee, creatorViewer, maskProperties } from '../../../server/api/access/recordAccess.ts';
import { isEditableStatus } from '../../../domain/statuses.ts';
import { ACCESS_COLUMNS, sightingsMeta } from '../../helpers/sightingsTable.ts';
import { HttpError } from '../../../server/http/errors.ts';

const meta = sightingsMeta(ACCESS_COLUMNS);
const row = (status: unknown, pub: unknown = true) => ({
  created_by_email: 'ana@example.si',
  properties: { 974: status, 2066: pub, 1820: 'ana@example.si' } as Properties,
});

/** The HttpError `fn` throws, or null. */
function err(fn: () => void): HttpError | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
}

describe('edit rule (creator only, STATUS 5 or empty)', () => {
  it.each([
    [5, true],
    ['5', true],
    [null, true],
    [undefined, true],
    ['', true],
    [1, false],
    [2, false],
    ['1', false],
  ])('STATUS %j editable: %s', (s, ok) => {
    expect(isEditableStatus(s)).toBe(ok);
    const e = err(() => assertCanEdit(meta, row(s), 'ana@example.si'));
    expect(e === null).toBe(ok);
    if (e) expect(e.status).toBe(403);
    if (e) expect(e.message).toMatch(/STATUS/);
  });

  it('refuses anyone but the creator with 403, also with STATUS 5', () => {
    const e = err(() => assertCanEdit(meta, row(5), 'bor@example.si'));
    expect(e?.status).toBe(403);
    expect(e?.message).toMatch(/creator/);
  });
});

describe('visibility (JAVNO 0, false or null hides)', () => {
  it.each([
    [true, true],
    [1, true],
    ['true', true],
    [false, false],
    [0, false],
    [null, false],
  ])('JAVNO %j public: %s', (v, pub) => {
    expect(canSee(meta, row(5, v), ANONYMOUS)).toBe(pub);
    expect(canSee(meta, row(5, v), creatorViewer('bor@example.si'))).toBe(pub);
    expect(canSee(meta, row(5, v), creatorViewer('ana@example.si'))).toBe(true);
  });

  it('masks the creator e-mail for everyone but the creator', () => {
    expect(maskProperties(meta, row(5), ANONYMOUS)).not.toHaveProperty('1820');
    expect(maskProperties(meta, row(5), creatorViewer('ana@example.si'))).toHaveProperty('1820', 'ana@example.si');
  });
});
