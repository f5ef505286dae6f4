/**
 * Sensitive species (issue #21): how exactly a find may be shown to someone who is neither its
 * reporter nor a reviewer of its group. Each species of the catalogue has a sensitivity class;
 * the server stores, at write time, the place everyone else gets (the centre of a square of the
 * national grid D96-TM, EPSG:3794), filters and answers every read with it, and the app draws the
 * square. The classes of the seeded species and the reasons are in docs/sensitive-species.md.
 */

/** 0 none, 1 a 1 km square, 2 a 10 km square, 3 not shown publicly at all. */
export type SensitivityClass = 0 | 1 | 2 | 3;

/** The sensitivity classes, in order. */
export const SENSITIVITY_CLASSES: readonly SensitivityClass[] = [0, 1, 2, 3];

/** What a record stores of its generalisation: 0 = exact, 1000 or 10000 = the square's side in metres, -1 = withheld. */
export type Generalisation = 0 | 1000 | 10000 | -1;

/** The stored value that withholds a find from the public altogether (class 3). */
export const WITHHELD: Generalisation = -1;

/** A stored class value (number or numeric text, as a column holds it) as a class; anything else is 0. */
export function sensitivityClassOf(value: unknown): SensitivityClass {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return n === 1 || n === 2 || n === 3 ? n : 0;
}

/** What a class stores on each of its finds. */
export function generalisationOf(cls: SensitivityClass): Generalisation {
  return cls === 1 ? 1000 : cls === 2 ? 10000 : cls === 3 ? WITHHELD : 0;
}

/** A stored generalisation value (from the database or an API item) read safely; anything unknown is 0. */
export function readGeneralisation(value: unknown): Generalisation {
  return value === 1000 || value === 10000 || value === -1 ? value : 0;
}

/**
 * The square of the national grid that holds a point: [minE, minN, maxE, maxN] of the `side` m
 * cell, aligned to multiples of `side` from the grid's origin (so 1 km squares nest in 10 km ones,
 * as on the national grid's map sheets). A point on a cell's lower or left edge belongs to that cell.
 */
export function gridSquare(e: number, n: number, side: number): [number, number, number, number] {
  const minE = Math.floor(e / side) * side;
  const minN = Math.floor(n / side) * side;
  return [minE, minN, minE + side, minN + side];
}

/** The centre of a square [minE, minN, maxE, maxN]. */
export function squareCentre(square: readonly [number, number, number, number]): [number, number] {
  return [(square[0] + square[2]) / 2, (square[1] + square[3]) / 2];
}

/** Half the diagonal of a square of `side` m: how far from its centre the find may be (Darwin Core's uncertainty). */
export function squareUncertaintyMetres(side: number): number {
  return Math.ceil((side * Math.SQRT2) / 2);
}
