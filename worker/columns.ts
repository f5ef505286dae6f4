import { isPublicValue } from '../domain/visibility.ts';
import { isEditableStatus as editableStatus } from '../domain/statuses.ts';
export { COL, UNIT_TABLE, GROUP_UNIT_TABLE } from '../domain/columns.ts';

/** SPEC §5: whether the public flag shows the feature (the one rule, in domain/visibility.ts). */
export const isPublic: (value: unknown) => boolean = isPublicValue;

/** SPEC §4/§5: a record is editable while its STATUS is 5 or empty (the one rule, in domain/statuses.ts). */
export const isEditableStatus: (value: unknown) => boolean = editableStatus;
