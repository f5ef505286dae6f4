/**
 * The shapes of the review, history and sensitivity answers, and of an error: the OpenAPI
 * document lists them and the data core reads its types from them (Static).
 */
import { Nullable, Dict, Type } from './build.ts';
import { HISTORY_KINDS, type HistoryKind } from '../review.ts';

const Int = Type.Integer();

/** What every failed call answers. */
export const ApiError = Type.Object({ status: Int, error: Type.String(), message: Type.String() });

export const BulkError = Type.Object(
  {
    status: Int,
    error: Type.String(),
    message: Type.String(),
    operation: Type.Union([Type.Literal('creates'), Type.Literal('updates'), Type.Literal('deletes')]),
    index: Int,
  },
  { description: 'The refusal of one item (its status, e.g. 400, 403 or 404); nothing of the batch was applied.' },
);

export const SensitivityClasses = Type.Object({
  classes: Dict(Type.Unsafe<1 | 2 | 3>({ type: 'integer', enum: [1, 2, 3] }), {
    description:
      'Species id → class (1: 1 km square, 2: 10 km square, 3: not public); species of class 0 are left out.',
  }),
});

export const SensitivityChange = Type.Object({
  speciesId: Int,
  class: Type.Unsafe<0 | 1 | 2 | 3>({ type: 'integer', enum: [0, 1, 2, 3] }),
  recordsChanged: Type.Integer({ description: 'Finds whose public place changed' }),
});

export const HistoryEntry = Type.Object({
  id: Int,
  recordId: Int,
  at: Type.String({ format: 'date-time' }),
  actor: Nullable(
    Type.String({
      description:
        'Who did it (e-mail); null for changes made outside the API (seed, import) and for a deleted account',
    }),
  ),
  actorErased: Type.Boolean({ description: "The actor's account was deleted (shown as 'izbrisan uporabnik')" }),
  kind: Type.Unsafe<HistoryKind>({ type: 'string', enum: [...HISTORY_KINDS] }),
  changes: Dict(Type.Unsafe<[unknown, unknown]>({ type: 'array', minItems: 2, maxItems: 2 }), {
    description: 'Column id (or geometry, photo, archived) → [old, new]',
  }),
  comment: Nullable(
    Type.String({ description: "A verdict's reason or question, a reopening's comment, or the comment itself" }),
  ),
});

export const History = Type.Object({ entries: Type.Array(HistoryEntry) });
