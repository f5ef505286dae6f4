import type { Properties } from '../../domain/model.ts';
import { COL } from '../../domain/columns.ts';
import { isEditableStatus } from '../../domain/statuses.ts';

/**
 * The edit button appears when STATUS is 5 or empty AND the creator's e-mail
 * equals the signed-in user's.
 */
export function canEdit(props: Properties, userEmail: string | null | undefined): boolean {
  if (!userEmail) return false;
  const creator = props[COL.createdByEmail];
  return (
    isEditableStatus(props[COL.status]) &&
    typeof creator === 'string' &&
    creator.toLowerCase() === userEmail.toLowerCase()
  );
}
