import { describe, expect, it } from 'vitest';
import { photoTakeover } from '../../../../src/records/photoTakeover.ts';

const today = '2026-06-10';
const here: [number, number] = [1_620_000, 5_800_000];
const there: [number, number] = [1_630_000, 5_810_000];
const base = { mode: 'create' as const, coord: null, coordSource: null, photo: null, date: today };

describe('photoTakeover', () => {
  it('a new report takes the photo place and date without asking', () => {
    const r = photoTakeover(base, { gpsCoord: there, takenOn: '2026-06-01' }, today);
    expect(r).toEqual({ apply: { gpsCoord: there, takenOn: '2026-06-01' }, ask: null });
  });

  it('a place picked by the user in a new report is not replaced without asking', () => {
    const r = photoTakeover({ ...base, coord: here, coordSource: 'map' }, { gpsCoord: there, takenOn: null }, today);
    expect(r).toEqual({ apply: {}, ask: { gpsCoord: there } });
  });

  it('a place from an earlier photo is replaced by the next photo', () => {
    const r = photoTakeover({ ...base, coord: here, coordSource: 'photo' }, { gpsCoord: there, takenOn: null }, today);
    expect(r.apply.gpsCoord).toEqual(there);
    expect(r.ask).toBeNull();
  });

  it('a date typed in a new report is not replaced without asking', () => {
    const r = photoTakeover({ ...base, date: '2026-05-02' }, { gpsCoord: null, takenOn: '2026-06-01' }, today);
    expect(r).toEqual({ apply: {}, ask: { takenOn: '2026-06-01' } });
  });

  it("replacing an existing find's photo asks before changing its place and date", () => {
    const form = { ...base, mode: 'edit' as const, coord: here, coordSource: 'stored' as const, date: '2025-04-03' };
    const r = photoTakeover(form, { gpsCoord: there, takenOn: '2026-06-01' }, today);
    expect(r).toEqual({ apply: {}, ask: { gpsCoord: there, takenOn: '2026-06-01' } });
  });

  it('asks nothing when the photo agrees with the find', () => {
    const form = { ...base, mode: 'edit' as const, coord: here, coordSource: 'stored' as const, date: '2026-06-01' };
    const r = photoTakeover(form, { gpsCoord: [here[0] + 0.4, here[1]], takenOn: '2026-06-01' }, today);
    expect(r).toEqual({ apply: {}, ask: null });
  });

  it('ignores a photo date in the future', () => {
    const r = photoTakeover(base, { gpsCoord: null, takenOn: '2027-01-01' }, today);
    expect(r).toEqual({ apply: {}, ask: null });
  });
});
