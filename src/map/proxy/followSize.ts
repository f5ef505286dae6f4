/**
 * Calls `onSize` with an element's size (CSS px) and the screen's pixel ratio now and whenever
 * either changes (a resize, a zoomed page, a window moved to another screen). Returns the
 * function that stops.
 */
export function followSize(
  el: HTMLElement,
  onSize: (width: number, height: number, pixelRatio: number) => void,
): () => void {
  let last = '';
  const resize = (): void => {
    const r = el.getBoundingClientRect();
    const key = `${r.width}x${r.height}@${devicePixelRatio}`;
    if (key === last) return;
    last = key;
    onSize(r.width, r.height, devicePixelRatio);
  };
  const observer = new ResizeObserver(resize);
  observer.observe(el);
  let ratio: MediaQueryList | null = null;
  const onRatio = (): void => {
    resize();
    watchRatio();
  };
  const watchRatio = (): void => {
    ratio?.removeEventListener('change', onRatio);
    ratio = matchMedia(`(resolution: ${devicePixelRatio}dppx)`);
    ratio.addEventListener('change', onRatio);
  };
  watchRatio();
  return () => {
    observer.disconnect();
    ratio?.removeEventListener('change', onRatio);
  };
}
