import { signal } from '@preact/signals-react';

/** The kinds of notification of SPEC §2. */
export type NoticeKind = 'info' | 'error' | 'success';

/** A notification (SPEC §3 'Notice'). */
export interface Notice {
  /** 12 characters. */
  id: string;
  kind: NoticeKind;
  message: string;
  /** Milliseconds until it dismisses itself; null = it stays and has a close button. */
  timeout: number | null;
  /** True while it fades out (200 ms). */
  leaving?: boolean;
}

/** SPEC §9 default timeouts: info 3000 ms, success 2000 ms, error never. */
export const DEFAULT_TIMEOUTS: Record<NoticeKind, number | null> = { info: 3000, success: 2000, error: null };

/** SPEC §9 fade duration. */
export const FADE_MS = 200;

/** The notification stack, oldest first. */
export const notices = signal<Notice[]>([]);

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random id of 12 characters. */
export function noticeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  let out = '';
  for (const b of bytes) out += ID_CHARS[b % ID_CHARS.length];
  return out;
}

/** Shows a notification; errors never time out. Returns its id. */
export function notify(kind: NoticeKind, message: string, timeout?: number | null): string {
  const t = kind === 'error' ? null : timeout === undefined ? DEFAULT_TIMEOUTS[kind] : timeout;
  const n: Notice = { id: noticeId(), kind, message, timeout: t };
  notices.value = [...notices.value, n];
  if (t !== null) setTimeout(() => dismiss(n.id), t);
  return n.id;
}

/** Fades a notification out and removes it. */
export function dismiss(id: string): void {
  if (!notices.value.some((n) => n.id === id)) return;
  notices.value = notices.value.map((n) => (n.id === id ? { ...n, leaving: true } : n));
  setTimeout(() => {
    notices.value = notices.value.filter((n) => n.id !== id);
  }, FADE_MS);
}
