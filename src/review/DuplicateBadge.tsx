import { Copy } from 'lucide-react';
import { sl } from '../i18n/sl.ts';

/**
 * 'Morda dvojnik' on a queued find that has likely duplicates (same species, <= 100 m, same day;
 * domain/duplicates.ts): visible words and an icon, and for screen readers which finds they are.
 */
export function DuplicateBadge({ ids }: { ids: readonly number[] }) {
  if (ids.length === 0) return null;
  const text = sl.field.duplicateBadgeText(ids.map((id) => `GID ${id}`).join(', '));
  return (
    <span className="duplicate-badge" title={text} data-testid="duplicate-badge">
      <Copy aria-hidden />
      <span aria-hidden>{sl.field.duplicateBadge}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
