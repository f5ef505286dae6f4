import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUTS, FADE_MS, notices, notify, noticeId } from '../../../src/state/notices.ts';

afterEach(() => {
  vi.useRealTimers();
  notices.value = [];
});

describe('notifications (SPEC §2, §9)', () => {
  it('uses ids of 12 characters', () => {
    expect(noticeId()).toHaveLength(12);
  });

  it('has the SPEC default timeouts', () => {
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
});
