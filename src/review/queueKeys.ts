import { STATUS_CONFIRMED, STATUS_NEEDS_INFO, STATUS_REJECTED } from '../../domain/statuses.ts';

/** What a key does in the review queue: move, or start a verdict (its STATUS). */
export type QueueAction = 'next' | 'previous' | number;

/**
 * The queue's keys (not while typing, and not with a modifier): J next, K previous,
 * P confirm ('potrdi'), Z reject ('zavrni'), D ask for evidence ('dopolnitev').
 */
export function queueKey(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
): QueueAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const t = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName ?? ''))) return null;
  switch (e.key.toLowerCase()) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'p':
      return STATUS_CONFIRMED;
    case 'z':
      return STATUS_REJECTED;
    case 'd':
      return STATUS_NEEDS_INFO;
    default:
      return null;
  }
}
