import { signal } from '@preact/signals-react';

/** The kinds of notification. */
export type NoticeKind = 'info' | 'error' | 'success';

/** A notification. */
export interface Notice {
  /** 12 characters. */
  id: string;
  kind: NoticeKind;
  message: string;
  /** Milliseconds until it dismisses itself; null = it stays and has a close button. */
  timeout: number | null;
  /** True while it fades out (200 ms). */
  leaving?: boolean;
  /** How many times the same message was asked for again while it showed. */
  repeats?: number;
}

/** Default timeouts: info 3000 ms, success 2000 ms, error never. */
export const DEFAULT_TIMEOUTS: Record<NoticeKind, number | null> = { info: 3000, success: 2000, error: null };

/** How long a notification takes to fade out. */
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

/** The pending self-dismissal of each timed notice, so that a repeat can restart it. */
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function schedule(id: string, timeout: number | null): void {
  const old = timers.get(id);
  if (old !== undefined) clearTimeout(old);
  timers.delete(id);
  if (timeout !== null)
    timers.set(
      id,
      setTimeout(() => dismiss(id), timeout),
    );
}

/**
 * Shows a notification; errors never time out. The same message of the same kind already on
 * screen is not shown twice: that notice is refreshed (its time starts again, it counts the
 * repeat) and its id returned.
 */
export function notify(kind: NoticeKind, message: string, timeout?: number | null): string {
  const t = kind === 'error' ? null : timeout === undefined ? DEFAULT_TIMEOUTS[kind] : timeout;
  const same = notices.value.find((n) => n.kind === kind && n.message === message && !n.leaving);
  if (same) {
    notices.value = notices.value.map((n) =>
      n.id === same.id ? { ...n, timeout: t, repeats: (n.repeats ?? 0) + 1 } : n,
    );
    schedule(same.id, t);
    return same.id;
  }
  const n: Notice = { id: noticeId(), kind, message, timeout: t };
  notices.value = [...notices.value, n];
  schedule(n.id, t);
  return n.id;
}

/** Fades a notification out and removes it. */
export function dismiss(id: string): void {
  if (!notices.peek().some((n) => n.id === id && !n.leaving)) return;
  schedule(id, null);
  notices.value = notices.value.map((n) => (n.id === id ? { ...n, leaving: true } : n));
  setTimeout(() => {
    notices.value = notices.value.filter((n) => n.id !== id);
  }, FADE_MS);
}

/** Dismisses the notices that show `message` (e.g. a form error once the form is fixed or closed). */
export function dismissMessage(message: string): void {
  for (const n of notices.peek()) if (n.message === message) dismiss(n.id);
}
