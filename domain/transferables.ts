/**
 * The buffers under some typed arrays, each once: what a postMessage moves instead of copying
 * (a buffer listed twice is an error). Used for the map's batches both ways between the data
 * core and the scene.
 */
export function buffersOf(arrays: Iterable<ArrayBufferView>): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) out.add(a.buffer as ArrayBuffer);
  return [...out];
}
