import type OlMap from 'ol/Map.js';
import type { FrameRecord } from './types.ts';
import type { DrawCount } from './layers/drawPoints.ts';

/** At most this many frames are kept between two readings (a few minutes of moving at 60 fps). */
const MAX_FRAMES = 10_000;

/**
 * The frames the map worker drew: when each ended and how long its render took (OpenLayers'
 * precompose to postcompose), and which one settled the view (moveend, dispatched after that
 * frame's render). A read-only probe for bench/map, whose page cannot see the worker's frames;
 * two clock readings per frame.
 */
export class FrameLog {
  private frames: FrameRecord[] = [];

  constructor(map: OlMap) {
    let start = 0;
    map.on('precompose', () => (start = performance.now()));
    map.on('postcompose', () => {
      const now = performance.now();
      if (this.frames.length >= MAX_FRAMES) this.frames.splice(0, this.frames.length - MAX_FRAMES + 1);
      this.frames.push({ at: performance.timeOrigin + now, renderMs: now - start, moveEnd: false });
    });
    map.on('moveend', () => {
      const last = this.frames[this.frames.length - 1];
      if (last) last.moveEnd = true;
    });
  }

  /**
   * A batch has arrived: `set()` once the layers hold it, `drawn(draw)` once a frame has drawn
   * it (what its points' redraw did). The frame that drew it is marked with the ms from its
   * arrival, and for bench/scale, which reads the workers' performance marks, `map:batch` and
   * `map:drawn` are marked too (a mark costs nothing when nobody reads it).
   */
  batchArrived(n: number): { set: () => void; drawn: (draw: DrawCount | undefined) => void } {
    const arrived = performance.now();
    let set = NaN;
    performance.mark('map:batch', { detail: { n } });
    return {
      set: () => (set = performance.now() - arrived),
      drawn: (draw) => {
        const ms = performance.now() - arrived;
        const drawMs = draw?.ms;
        const last = this.frames[this.frames.length - 1];
        if (last) Object.assign(last, { batchMs: ms }, drawMs === undefined ? {} : { drawMs });
        // The frame's whole render, and the points thinning kept in and around the image and those shown.
        const detail = {
          ms: Math.round(ms),
          set: Math.round(set),
          points: Math.round(drawMs ?? NaN),
          frame: Math.round(last?.renderMs ?? NaN),
          candidates: draw?.candidates,
          shown: draw?.drawn,
        };
        performance.mark('map:drawn', { detail });
      },
    };
  }

  /** The frames since the last reading. */
  take(): FrameRecord[] {
    const frames = this.frames;
    this.frames = [];
    return frames;
  }
}
