import { sl } from '../i18n/sl.ts';
import { COL } from '../../domain/columns.ts';

/** The report form's values (keyed by column id) and location. */
export interface FormState {
  values: Record<string, string>;
  coord: [number, number] | null;
}

/** Field errors keyed by column id, or 'location'. */
export type FormErrors = Partial<Record<string, string>>;

/** Today as YYYY-MM-DD in Ljubljana. */
export function todayIso(now = new Date()): string {
  return now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Ljubljana' });
}

/**
 * The rules the specification leaves open, as a reporter expects: group, species and location
 * required; the date required and not in the future; the count a positive whole number.
 * `insideSlovenia` tells whether the location is inside the country.
 */
export function validateForm(
  f: FormState,
  insideSlovenia: (c: [number, number]) => boolean,
  today = todayIso(),
): FormErrors {
  const e: FormErrors = {};
  const v = (id: number): string => (f.values[String(id)] ?? '').trim();
  if (!v(COL.group)) e[COL.group] = sl.records.errGroup;
  if (!v(COL.species)) e[COL.species] = sl.records.errSpecies;
  const date = v(COL.date);
  if (!date) e[COL.date] = sl.records.errDateMissing;
  else if (date.slice(0, 10) > today) e[COL.date] = sl.records.errDateFuture;
  const count = v(COL.count);
  if (count && !/^\d+$/.test(count)) e[COL.count] = sl.records.errCount;
  else if (count && Number(count) < 1) e[COL.count] = sl.records.errCount;
  if (!f.coord) e.location = sl.records.errLocation;
  else if (!insideSlovenia(f.coord)) e.location = sl.records.errLocationOutside;
  return e;
}
