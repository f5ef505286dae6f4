/**
 * A large batch's redraw repeated a few times into a canvas nobody sees, once the map worker has
 * been idle for a while after a drawing. V8 compiles the redraw for what it meets over its first
 * runs (node, one batch of 1M finds: 47, 19, 15, 12 ms for the first four), and after a start it
 * has run only for the start's batches, so the user's first filter change waited for a cold redraw
 * (bench/scale, a phone at 1M: the workers' 123–170 ms against 63–81 ms for a later change). The
 * warm redraws run one per idle pause, each a task of its own, so a message that comes meanwhile
 * waits for one redraw at most; they stop for good after WARM_DRAWS redraws of large batches.
 */

/** Redraws of large batches (the user's and the warm ones) after which the redraw counts as compiled. */
export const WARM_DRAWS = 5;
/** A batch with fewer points redraws in a few ms even when cold: no warm-up. */
export const WARM_MIN_POINTS = 20_000;
/** How long the map has drawn no frame (the user is not moving it) before a warm redraw. */
export const WARM_IDLE_MS = 800;

/** Counts the redraws of large batches and asks for warm ones while they are few. */
export class DrawWarmUp {
  private draws = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /**
   * `redraw` draws the last drawing's points again into a scratch canvas, not the layer's;
   * `sinceFrame` tells the ms since the map last drew a frame (a pan draws frames, not the layer).
   */
  constructor(
    private readonly redraw: () => void,
    private readonly sinceFrame: () => number,
  ) {}

  /** A drawing of `points` points was made (the layer's own or a warm one); schedules the next warm redraw. */
  drew(points: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (points < WARM_MIN_POINTS) return;
    this.draws++;
    if (this.draws >= WARM_DRAWS) return;
    this.later(WARM_IDLE_MS);
  }

  private later(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      const wait = WARM_IDLE_MS - this.sinceFrame();
      if (wait > 0) this.later(wait);
      else this.redraw();
    }, ms);
  }

  /** True once no more warm redraws will be asked for. */
  get done(): boolean {
    return this.draws >= WARM_DRAWS;
  }
}
