/**
 * The map's gestures on the main thread, for a map drawn elsewhere (the map worker): pointer,
 * wheel and key events of the map's element become view operations, as OpenLayers' default
 * interactions do on a map of their own (their constants are theirs): one finger or the mouse
 * pans with a flick at the end (DragPan + Kinetic), two fingers pan and pinch-zoom without
 * rotating (PinchZoom; pinch rotation is off), a double-click or double-tap zooms in by one level
 * (DoubleClickZoom), the wheel zooms (MouseWheelZoom), arrows pan and +/− zoom (KeyboardPan,
 * KeyboardZoom), and a press that does not move is a click, 250 ms later unless a second one
 * makes it a double-click (MapBrowserEventHandler). Steps are sent at most once per frame.
 */
import type { MapScene } from '../../../mapscene/MapScene.ts';

/** The scene's view operations the gestures use. */
type GestureMethod = 'cancelAnimations' | 'setInteracting' | 'panBy' | 'scaleBy' | 'zoomBy';

/** What the gestures drive: those methods of the scene, called without waiting for them. */
export type GestureTarget = { [K in GestureMethod]: (...args: Parameters<MapScene[K]>) => void };

/** One call of a view operation, as data (a key's command). */
export type GestureCall = { [K in GestureMethod]: { method: K; args: Parameters<MapScene[K]> } }[GestureMethod];

/** Makes a call on the target. */
export function callGesture(target: GestureTarget, c: GestureCall): void {
  (target[c.method] as (...args: GestureCall['args']) => void)(...c.args);
}

/** Pointer travel (CSS px) under which a press is a click (OpenLayers' moveTolerance). */
export const MOVE_TOLERANCE_PX = 1;
/** A second click within this time is a double-click (ms). */
export const DOUBLE_CLICK_MS = 250;
/** Double-click zoom and wheel zoom animation (ms). */
export const ZOOM_DURATION_MS = 250;
/** Kinetic panning: decay, minimum velocity (px/ms), the time window of the flick (ms), duration (ms). */
export const KINETIC = { decay: -0.005, minVelocity: 0.05, delay: 100, duration: 500 } as const;
/** Wheel: delta per zoom level, the burst that is one step (ms), trackpad threshold (OpenLayers'). */
export const WHEEL = { deltaPerZoom: 300, timeout: 80, trackpadThreshold: 4, modeReset: 400 } as const;
/** Keyboard: pan step (CSS px) and animation (ms). */
export const KEY_PAN_PX = 128;
export const KEY_DURATION_MS = 100;

interface Sample {
  x: number;
  y: number;
  t: number;
}

/** The flick at the end of a drag, from the last samples (OpenLayers' Kinetic.end): the distance to glide, or null. */
export function kineticFlick(samples: readonly Sample[], now: number): { dx: number; dy: number } | null {
  const last = samples.length - 1;
  if (last < 1) return null;
  let first = last;
  while (first > 0 && samples[first - 1]!.t > now - KINETIC.delay) first--;
  const a = samples[first]!;
  const b = samples[last]!;
  const duration = b.t - a.t;
  if (first >= last || duration < 1000 / 60) return null;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const velocity = Math.hypot(dx, dy) / duration;
  if (velocity <= KINETIC.minVelocity) return null;
  const distance = (KINETIC.minVelocity - velocity) / KINETIC.decay;
  const angle = Math.atan2(dy, dx);
  return { dx: distance * Math.cos(angle), dy: distance * Math.sin(angle) };
}

/** The wheel's delta in pixels (a line is 40 px, as OpenLayers counts it). */
export function wheelPixels(e: Pick<WheelEvent, 'deltaY' | 'deltaMode'>): number {
  return e.deltaMode === 1 ? e.deltaY * 40 : e.deltaY;
}

/** The view operation of a key on the focused map, or null for other keys. */
export function keyCommand(
  e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): GestureCall | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const pan = (dx: number, dy: number): GestureCall => ({ method: 'panBy', args: [dx, dy, KEY_DURATION_MS, 'linear'] });
  switch (e.key) {
    case 'ArrowLeft':
      return e.shiftKey ? null : pan(KEY_PAN_PX, 0);
    case 'ArrowRight':
      return e.shiftKey ? null : pan(-KEY_PAN_PX, 0);
    case 'ArrowUp':
      return e.shiftKey ? null : pan(0, KEY_PAN_PX);
    case 'ArrowDown':
      return e.shiftKey ? null : pan(0, -KEY_PAN_PX);
    case '+':
      return { method: 'zoomBy', args: [1, KEY_DURATION_MS] };
    case '-':
      return { method: 'zoomBy', args: [-1, KEY_DURATION_MS] };
    default:
      return null;
  }
}

const centroid = (points: Iterable<{ x: number; y: number }>): { x: number; y: number; n: number } => {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
    n++;
  }
  return { x: x / n, y: y / n, n };
};

const spread = (points: readonly { x: number; y: number }[]): number =>
  points.length < 2 ? 0 : Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y);

/**
 * Listens to the map element's pointers, wheel and keys; `map` gets the view operations and
 * `onClick` the pixel (CSS px from the element's top left) of every single click. Returns a
 * function that stops listening.
 */
export function listenToGestures(
  el: HTMLElement,
  map: GestureTarget,
  onClick: (x: number, y: number) => void,
): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let down: { x: number; y: number } | null = null;
  let dragging = false;
  let multi = false;
  let samples: Sample[] = [];
  let clickTimer: ReturnType<typeof setTimeout> | null = null;
  // The step not yet sent (coalesced per frame).
  let pan = { dx: 0, dy: 0 };
  let scale = { factor: 1, x: 0, y: 0 };
  let frame = 0;

  const local = (e: { clientX: number; clientY: number }): { x: number; y: number } => {
    const r = el.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const flush = (): void => {
    frame = 0;
    if (pan.dx || pan.dy) map.panBy(pan.dx, pan.dy);
    if (scale.factor !== 1) map.scaleBy(scale.factor, scale.x, scale.y);
    pan = { dx: 0, dy: 0 };
    scale = { factor: 1, x: 0, y: 0 };
  };
  const schedule = (): void => {
    frame ||= requestAnimationFrame(flush);
  };

  const onDown = (e: PointerEvent): void => {
    // The mouse's main button only, without modifier keys (OpenLayers' primaryAction, noModifierKeys).
    if (e.pointerType === 'mouse' && (e.button !== 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey)) return;
    try {
      el.setPointerCapture(e.pointerId);
    } catch {
      // The pointer is already gone (released before this event ran): the gesture goes on without capture.
    }
    if (pointers.size === 0) {
      down = local(e);
      dragging = false;
      multi = false;
      samples = [];
      map.cancelAnimations();
    }
    pointers.set(e.pointerId, local(e));
    if (pointers.size > 1) multi = true;
  };
  const onMove = (e: PointerEvent): void => {
    const prev = pointers.get(e.pointerId);
    if (!prev || !down) return;
    const now = local(e);
    if (!dragging) {
      if (Math.abs(now.x - down.x) <= MOVE_TOLERANCE_PX && Math.abs(now.y - down.y) <= MOVE_TOLERANCE_PX) return;
      dragging = true;
      map.setInteracting(true);
    }
    const before = [...pointers.values()];
    const c0 = centroid(before);
    pointers.set(e.pointerId, now);
    const after = [...pointers.values()];
    const c1 = centroid(after);
    pan.dx += c1.x - c0.x;
    pan.dy += c1.y - c0.y;
    if (after.length >= 2) {
      const d0 = spread(before);
      const d1 = spread(after);
      if (d0 > 0 && d1 > 0) scale = { factor: scale.factor * (d0 / d1), x: c1.x, y: c1.y };
    }
    samples.push({ x: c1.x, y: c1.y, t: e.timeStamp });
    if (samples.length > 64) samples.splice(0, samples.length - 64);
    schedule();
  };
  const onUp = (e: PointerEvent): void => {
    const at = pointers.get(e.pointerId);
    if (!at) return;
    pointers.delete(e.pointerId);
    if (pointers.size > 0) return;
    if (dragging) {
      if (frame) cancelAnimationFrame(frame);
      flush();
      const flick = multi || e.type === 'pointercancel' ? null : kineticFlick(samples, e.timeStamp);
      if (flick) map.panBy(flick.dx, flick.dy, KINETIC.duration, 'easeOut');
      map.setInteracting(false);
      dragging = false;
      return;
    }
    if (e.type !== 'pointerup' || multi) return;
    if (clickTimer) {
      clearTimeout(clickTimer);
      clickTimer = null;
      map.zoomBy(e.shiftKey ? -1 : 1, ZOOM_DURATION_MS, at.x, at.y);
      return;
    }
    clickTimer = setTimeout(() => {
      clickTimer = null;
      onClick(at.x, at.y);
    }, DOUBLE_CLICK_MS);
  };

  // The wheel, as OpenLayers' MouseWheelZoom: small deltas are a trackpad (continuous zoom), large
  // ones a wheel (a burst of 80 ms is one animated step of at most one level).
  let mode: 'wheel' | 'trackpad' | null = null;
  let startTime = 0;
  let total = 0;
  let anchor = { x: 0, y: 0 };
  let wheelTimer: ReturnType<typeof setTimeout> | null = null;
  let trackpadTimer: ReturnType<typeof setTimeout> | null = null;
  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const delta = wheelPixels(e);
    if (delta === 0) return;
    anchor = local(e);
    const now = Date.now();
    if (startTime === 0) startTime = now;
    if (mode === null || now - startTime > WHEEL.modeReset) {
      mode = Math.abs(delta) < WHEEL.trackpadThreshold ? 'trackpad' : 'wheel';
    }
    if (mode === 'trackpad') {
      if (trackpadTimer) clearTimeout(trackpadTimer);
      else {
        map.cancelAnimations();
        map.setInteracting(true);
      }
      trackpadTimer = setTimeout(() => {
        trackpadTimer = null;
        map.setInteracting(false);
      }, WHEEL.timeout);
      map.scaleBy(Math.pow(2, delta / WHEEL.deltaPerZoom), anchor.x, anchor.y);
      startTime = now;
      return;
    }
    total += delta;
    if (wheelTimer) clearTimeout(wheelTimer);
    wheelTimer = setTimeout(
      () => {
        wheelTimer = null;
        const limit = WHEEL.deltaPerZoom;
        const levels = -Math.max(-limit, Math.min(limit, total)) / limit;
        total = 0;
        startTime = 0;
        mode = null;
        if (levels) map.zoomBy(levels, ZOOM_DURATION_MS, anchor.x, anchor.y);
      },
      Math.max(WHEEL.timeout - (now - startTime), 0),
    );
  };

  const onKey = (e: KeyboardEvent): void => {
    if (e.target !== el) return;
    const command = keyCommand(e);
    if (!command) return;
    e.preventDefault();
    callGesture(map, command);
  };

  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
  el.addEventListener('wheel', onWheel, { passive: false });
  el.addEventListener('keydown', onKey);
  return () => {
    el.removeEventListener('pointerdown', onDown);
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
    el.removeEventListener('wheel', onWheel);
    el.removeEventListener('keydown', onKey);
    if (frame) cancelAnimationFrame(frame);
    for (const t of [clickTimer, wheelTimer, trackpadTimer]) if (t) clearTimeout(t);
  };
}
