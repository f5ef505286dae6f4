import { sl } from '../i18n/sl.ts';
import type { SelectValue } from '../../domain/model.ts';
import { roundMetres } from '../../domain/locationAccuracy.ts';

/**
 * A find's location accuracy as its card and the reviewer read it: the measured metres ('± 8 m',
 * whole metres) when the record keeps them (Feature.accuracyMetres), else the class of column 976
 * as its select's words ('do 10 m'; the same words from the class's bound before the words are
 * loaded); null when it has neither.
 */
export function accuracyText(
  metres: number | null | undefined,
  cls: unknown,
  classes: readonly SelectValue[] | undefined,
): string | null {
  if (typeof metres === 'number' && Number.isFinite(metres)) return sl.field.accuracyMetres(roundMetres(metres));
  if (cls === null || cls === undefined || cls === '') return null;
  const hit = classes?.find((c) => String(c.value) === String(cls));
  if (hit) return hit.text;
  return Number.isFinite(Number(cls)) ? sl.field.accuracyUpTo(Number(cls)) : String(cls);
}
