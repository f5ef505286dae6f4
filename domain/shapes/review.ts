/** The shapes of the reviewers' and the photo-order calls' bodies. */
import { STATUS_VALUES } from '../statuses.ts';
import { SENSITIVITY_CLASSES } from '../sensitivity.ts';
import { Id, Nullable, Type, type Static } from './build.ts';

/** Most characters of a comment, a reason or a question. */
export const MAX_COMMENT = 2000;
/** Most attachments in one attachment order. */
export const MAX_ORDERED_ATTACHMENTS = 100;

export const ReviewRequest = Type.Object({
  status: Type.Optional(
    Type.Unsafe<number>({
      type: 'integer',
      enum: STATUS_VALUES.map((s) => s.value),
      description: STATUS_VALUES.map((s) => `${s.value} ${s.text}`).join(', ') + ' (5 reopens a verdict)',
    }),
  ),
  species: Type.Optional(Type.Union([Id], { description: 'The corrected species (unit id)' })),
  comment: Type.Optional(
    Nullable(Type.String({ maxLength: MAX_COMMENT }), {
      description: 'The reason of a rejection, the question of a request for evidence, or why a verdict is reopened',
    }),
  ),
});

export const CommentRequest = Type.Object({
  text: Type.String({ minLength: 1, maxLength: MAX_COMMENT, pattern: '\\S' }),
});

export const AttachmentOrder = Type.Object(
  {
    order: Type.Array(Id, {
      maxItems: MAX_ORDERED_ATTACHMENTS,
      description: 'Attachment ids of the record in the order to show them; those not listed follow in their old order',
    }),
    cover: Type.Optional(
      Nullable(Id, { description: 'The photo shown for the find (its card, its thumbnail); null: the first photo' }),
    ),
  },
  { additionalProperties: false },
);

export const SensitivityRequest = Type.Object({
  class: Type.Union(
    SENSITIVITY_CLASSES.map((c) => Type.Literal(c)),
    { description: '0 public, 1: 1 km square, 2: 10 km square, 3: not public' },
  ),
});

export type ReviewBody = Static<typeof ReviewRequest>;
export type CommentBody = Static<typeof CommentRequest>;
export type AttachmentOrderBody = Static<typeof AttachmentOrder>;
export type SensitivityBody = Static<typeof SensitivityRequest>;
