import { sl } from '../i18n/sl.ts';
import { STATUS_WAITING, statusOf } from '../../domain/statuses.ts';

/** A record's STATUS as a coloured chip with its Slovenian name (an empty STATUS waits). */
export function StatusChip({ value }: { value: unknown }) {
  const s = statusOf(value) ?? STATUS_WAITING;
  return (
    <span className={`status-chip status-${s}`} data-testid="status-chip" data-status={s}>
      {sl.review.status[s]}
    </span>
  );
}
