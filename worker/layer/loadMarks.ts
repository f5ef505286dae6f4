/**
 * Performance marks of the layer's load in the data core (`layer:<step>`), for bench/scale to read
 * from the worker (a mark costs nothing when nobody reads it): when a first visit's view and full
 * load were asked and answered, and when a batch of points left for the map.
 */
export function markLayer(step: string, detail?: Record<string, unknown>): void {
  performance.mark(`layer:${step}`, { detail });
}
