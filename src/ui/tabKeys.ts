import type { KeyboardEvent } from 'react';

/**
 * The ARIA tabs pattern's keys: ← and → move to the previous and next tab (wrapping), Home and
 * End to the first and last. The tab `index` of `count` the key leads to, or null for other keys.
 */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** A tablist's keydown: selects the tab the key leads to and moves the focus onto it (automatic activation). */
export function onTabListKey(
  e: KeyboardEvent<HTMLElement>,
  index: number,
  count: number,
  select: (index: number) => void,
): void {
  const next = nextTabIndex(e.key, index, count);
  if (next === null) return;
  e.preventDefault();
  select(next);
  e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
}
