import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUTS, FADE_MS, dismissMessage, notices, notify, noticeId } from '../../../src/state/notices.ts';

afterEach(() => {
  vi.useRealTimers();
  notices.value = [];
});

describe('notifications (kinds, ids, default timeouts)', () => {
  it('uses ids of 12 characters', () => {
    expect(noticeId()).toHaveLength(12);
  });

  it('has the default timeouts: info 3 s, success 2 s, error never', () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ info: 3000, success: 2000, error: null });
    expect(FADE_MS).toBe(200);
  });

  it('dismisses info after 3000 ms plus the fade', () => {
    vi.useFakeTimers();
    notify('info', 'a');
    vi.advanceTimersByTime(2999);
    expect(notices.value).toHaveLength(1);
    vi.advanceTimersByTime(1 + FADE_MS);
    expect(notices.value).toHaveLength(0);
  });

  it('never times out errors, even when a timeout is asked for', () => {
    vi.useFakeTimers();
    notify('error', 'b', 1000);
    vi.advanceTimersByTime(60_000);
    expect(notices.value).toHaveLength(1);
    expect(notices.value[0]!.timeout).toBeNull();
  });

  it('shows a repeated message once, refreshed, and counts the repeats', () => {
    vi.useFakeTimers();
    const first = notify('error', 'Popravite označena polja.');
    for (let i = 0; i < 5; i++) expect(notify('error', 'Popravite označena polja.')).toBe(first);
    expect(notices.value).toHaveLength(1);
    expect(notices.value[0]!.repeats).toBe(5);
    // Another kind or another message is another notice.
    notify('info', 'Popravite označena polja.');
    notify('error', 'Drugo.');
    expect(notices.value).toHaveLength(3);
  });

  it('restarts the time of a repeated timed notice', () => {
    vi.useFakeTimers();
    notify('info', 'a');
    vi.advanceTimersByTime(2500);
    notify('info', 'a');
    vi.advanceTimersByTime(2500 + FADE_MS);
    expect(notices.value).toHaveLength(1);
    vi.advanceTimersByTime(500);
    expect(notices.value).toHaveLength(0);
  });

  it('dismisses a message once what it spoke of is fixed', () => {
    vi.useFakeTimers();
    notify('error', 'Popravite označena polja.');
    notify('error', 'Drugo.');
    dismissMessage('Popravite označena polja.');
    vi.advanceTimersByTime(FADE_MS);
    expect(notices.value.map((n) => n.message)).toEqual(['Drugo.']);
  });
});
