import { describe, expect, it } from 'vitest';
import { VIEW_CELLS_ACROSS, viewCell, viewOrFull } from '../../../../worker/layer/firstView.ts';

/** A promise and its settle functions. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('first view', () => {
  it('draws the view first, and the full load is what stays at the end', async () => {
    const order: string[] = [];
    const full = deferred<string[]>();
    const view = deferred<string[]>();
    const asked = viewOrFull(full.promise, () => {
      order.push('view asked');
      return view.promise;
    });
    void full.promise.then(() => order.push('full'));
    view.resolve(['a']);
    const first = await asked;
    order.push(`drawn ${first.kind}`);
    expect(first).toEqual({ kind: 'view', value: ['a'] });
    full.resolve(['a', 'b', 'c']);
    // What the caller redraws after: the full load, unchanged by the view.
    expect(await full.promise).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['view asked', 'drawn view', 'full']);
  });

  it('takes the full load when it comes before the view or the view fails', async () => {
    const view = deferred<number>();
    expect(await viewOrFull(Promise.resolve(2), () => view.promise)).toEqual({ kind: 'full', value: 2 });
    const full = deferred<number>();
    const asked = viewOrFull(full.promise, () => Promise.reject(new Error('offline')));
    full.resolve(3);
    expect(await asked).toEqual({ kind: 'full', value: 3 });
    const failed = deferred<number>();
    const both = viewOrFull(failed.promise, () => Promise.reject(new Error('offline')));
    failed.reject(new Error('down'));
    await expect(both).rejects.toThrow('down');
  });

  it('thins to VIEW_CELLS_ACROSS cells across the longer side', () => {
    expect(viewCell([0, 0, 256_000, 100_000])).toBe(256_000 / VIEW_CELLS_ACROSS);
    expect(viewCell([0, 0, 10, 20])).toBe(1);
  });
});
