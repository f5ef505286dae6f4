/** Why a filter was rejected; the UI maps each code to a Slovenian message. */
export type FilterErrorCode =
  | 'shape' // not a condition, expression or list of conditions as in types.ts
  | 'unknownColumn'
  | 'unknownOperation'
  | 'operationNotAllowed' // the operation does not apply to the column's type
  | 'valueCount'
  | 'badValue' // a literal that cannot be read as the column's type
  | 'tooComplex'; // over the size or depth limits

/** A filter (or sort) that cannot be compiled, with an English message naming what is wrong. */
export class FilterError extends Error {
  override readonly name = 'FilterError';

  constructor(
    message: string,
    readonly code: FilterErrorCode,
    /** Where in the filter, e.g. 'left.right' or '[2]'; '' for the root. */
    readonly path: string = '',
    readonly columnId: number | null = null,
    readonly operationType: string | null = null,
  ) {
    super(path ? `${message} (at ${path})` : message);
  }
}
