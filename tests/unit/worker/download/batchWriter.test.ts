import { describe, expect, it } from 'vitest';
import { BatchWriter } from '../../../../worker/download/BatchWriter.ts';

/** A write that waits until the test releases it, recording what it was given. */
function gatedWrites() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  let active = 0;
  let maxActive = 0;
  const write = async (rows: number[]): Promise<void> => {
    active++;
    maxActive = Math.max(maxActive, active);
    batches.push(rows);
    await new Promise<void>((resolve) => gates.push(resolve));
    active--;
  };
  /** Releases the oldest waiting write and lets the promise chain move on. */
  const release = async (): Promise<void> => {
    gates.shift()?.();
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { write, batches, release, waiting: () => gates.length, maxActive: () => maxActive };
}

/** Lets pending promise reactions run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('BatchWriter', () => {
  it('keeps taking rows while a batch is written, up to maxQueued full batches and one more buffer', async () => {
    const w = gatedWrites();
    const writer = new BatchWriter<number>({ size: 3, maxQueued: 2, write: w.write });
    const added: number[] = [];
    const adds = Array.from({ length: 12 }, (_, i) => writer.add(i).then(() => void added.push(i)));
    await settle();
    // Rows 0-2 are being written, 3-5 wait for their write, 6-8 fill the buffer; 9-11 wait.
    expect(added).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(writer.queuedBatches).toBe(2);
    expect(writer.pending).toBe(3);
    expect(w.batches).toEqual([[0, 1, 2]]);
    await w.release();
    // A write ended: the full buffer is queued, the waiting rows fill the next one.
    expect(added).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(w.batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(writer.queuedBatches).toBe(2);
    expect(writer.pending).toBe(3);
    const flushed = writer.flush();
    for (let i = 0; i < 3; i++) await w.release();
    await flushed;
    await Promise.all(adds);
    expect(w.batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
      [9, 10, 11],
    ]);
    expect(w.maxActive()).toBe(1);
  });

  it('never holds more than (maxQueued + 1) x size rows, however many are offered', async () => {
    const w = gatedWrites();
    const writer = new BatchWriter<number>({ size: 10, maxQueued: 1, write: w.write });
    let resolved = 0;
    for (let i = 0; i < 100; i++) void writer.add(i).then(() => void resolved++);
    await settle();
    expect(resolved).toBe(20);
    expect(writer.queuedBatches * 10 + writer.pending).toBe(20);
    while (w.waiting() > 0 || writer.pending > 0) {
      if (w.waiting() === 0) void writer.flush();
      await w.release();
      expect(writer.queuedBatches * 10 + writer.pending).toBeLessThanOrEqual(20);
    }
    expect(resolved).toBe(100);
    expect(w.batches.flat()).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('after a failed write: onError at once, no later batch written, every add and flush rejects', async () => {
    const boom = new Error('disk I/O error');
    const written: number[][] = [];
    const errors: unknown[] = [];
    let calls = 0;
    const writer = new BatchWriter<number>({
      size: 2,
      maxQueued: 2,
      write: async (rows) => {
        calls++;
        if (calls === 2) throw boom;
        written.push(rows);
      },
      onError: (e) => void errors.push(e),
    });
    const adds = [0, 1, 2, 3, 4, 5].map((i) =>
      writer.add(i).then(
        () => 'ok',
        (e: unknown) => e,
      ),
    );
    await settle();
    await settle();
    expect(errors).toEqual([boom]);
    expect(written).toEqual([[0, 1]]);
    expect(calls).toBe(2);
    expect(await Promise.all(adds)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    await expect(writer.add(6)).rejects.toBe(boom);
    await expect(writer.flush()).rejects.toBe(boom);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });

  it('wakes an add that waits for room with the failure', async () => {
    const boom = new Error('closed');
    let fail: (e: Error) => void = () => {};
    const writer = new BatchWriter<number>({
      size: 1,
      maxQueued: 1,
      write: () => new Promise<void>((_, reject) => (fail = reject)),
    });
    await writer.add(0); // queued, being written
    await writer.add(1); // fills the buffer
    const waiting = writer.add(2);
    fail(boom);
    await expect(waiting).rejects.toBe(boom);
  });
});
