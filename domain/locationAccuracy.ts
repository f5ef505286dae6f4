/**
 * Location accuracy (column 976 'Natančnost lokacije', issue "In the field"): averaging the
 * device's fixes while it waits for a good one, and the column's class for a measured radius.
 */

/** A fix good enough to stop waiting (metres). */
export const GOOD_ACCURACY_M = 10;
/** Longest wait for a good fix (ms); the user may take the average earlier. */
export const ACCURACY_WAIT_MS = 30_000;

/** One position of the device: EPSG:3857 point and its accuracy radius in metres (95 %). */
export interface Fix {
  coord: [number, number];
  accuracy: number;
}

/**
 * The average of fixes weighted by 1/accuracy² (inverse variance), with the accuracy of that
 * average, 1/sqrt(Σ 1/accuracy²) (never worse than the best fix). Null for no usable fix.
 * Fixes a few hundred metres apart are averaged in EPSG:3857 without measurable error.
 */
export function averageFixes(fixes: readonly Fix[]): Fix | null {
  let w = 0;
  let x = 0;
  let y = 0;
  for (const f of fixes) {
    if (!(f.accuracy > 0) || !Number.isFinite(f.coord[0]) || !Number.isFinite(f.coord[1])) continue;
    const wi = 1 / (f.accuracy * f.accuracy);
    w += wi;
    x += f.coord[0] * wi;
    y += f.coord[1] * wi;
  }
  if (w === 0) return null;
  return { coord: [x / w, y / w], accuracy: 1 / Math.sqrt(w) };
}

/** A value of the accuracy column's select: its stored value is the class's upper bound in metres. */
export interface AccuracyClass {
  value: string | number;
  text: string;
}

/**
 * The class of `metres` among the column's select values (each 'do N m', value N): the smallest
 * class that holds it, or the widest when none does. Null when no value is numeric.
 */
export function accuracyClass(metres: number, classes: readonly AccuracyClass[]): AccuracyClass | null {
  const numeric = classes
    .map((c) => ({ c, bound: Number(c.value) }))
    .filter((e) => Number.isFinite(e.bound) && e.bound > 0)
    .sort((a, b) => a.bound - b.bound);
  if (numeric.length === 0 || !Number.isFinite(metres)) return null;
  return (numeric.find((e) => metres <= e.bound) ?? numeric[numeric.length - 1]!).c;
}

/** The largest accuracy in metres a record keeps (100 km: wider is no location at all). */
export const MAX_ACCURACY_METRES = 100_000;

/** True for metres a record may keep: a finite number from 0 to MAX_ACCURACY_METRES. */
export function isAccuracyMetres(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_ACCURACY_METRES;
}

/** Metres as the reporter reads them (± 8 m): whole metres, at least 1. */
export function roundMetres(metres: number): number {
  return Math.max(1, Math.round(metres));
}
