import { readFileSync } from 'node:fs';
import type { FilterErrorCode } from '../../../../domain/filters/FilterError.ts';
import type { FilterInput } from '../../../../domain/filters/types.ts';
import type { Column, Properties } from '../../../../domain/model.ts';

/** One valid case of tests/vectors/filters.json. */
export interface VectorCase {
  name: string;
  filter: FilterInput | null;
  expectedIds: number[];
  /** Overrides the file's userEmail (null = nobody signed in). */
  userEmail?: string | null;
}

/** One invalid case: the filter must be rejected with this FilterError code. */
export interface InvalidCase {
  name: string;
  filter: FilterInput;
  code: FilterErrorCode;
}

/** The shared filter vectors. */
export interface Vectors {
  now: string;
  userEmail: string;
  columns: Column[];
  records: { id: number; properties: Properties }[];
  cases: VectorCase[];
  invalid: InvalidCase[];
}

/** Reads tests/vectors/filters.json (shared by the engine, SQL and API tests). */
export function loadVectors(): Vectors {
  return JSON.parse(readFileSync(new URL('../../../vectors/filters.json', import.meta.url), 'utf8')) as Vectors;
}
