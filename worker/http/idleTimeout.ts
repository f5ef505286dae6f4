/**
 * A timeout for a long read that is still moving: its signal aborts when `touch` has not been
 * called for `ms` (the wait before the first call counted too), where a plain timeout would cut a
 * large download off however steadily it arrives (a full load of a million finds over a slow link
 * takes minutes).
 */
export function idleTimeout(ms: number): { signal: AbortSignal; touch(): void; stop(): void } {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const arm = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DOMException(`No data for ${ms} ms`, 'TimeoutError')), ms);
  };
  arm();
  return {
    signal: controller.signal,
    touch: arm,
    stop: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
