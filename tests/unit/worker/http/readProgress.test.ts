import { describe, expect, it } from 'vitest';
import { readWithProgress } from '../../../../worker/http/readProgress.ts';
import type { ReadProgress } from '../../../../worker/http/types.ts';

/** A response whose body arrives in `chunks`, with `headers`. */
function chunked(chunks: number[][], headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new Uint8Array(chunk));
      c.close();
    },
  });
  return new Response(body, { headers });
}

describe('readWithProgress', () => {
  it('reads the whole body and reports each chunk against the announced length', async () => {
    const seen: ReadProgress[] = [];
    const bytes = await readWithProgress(
      chunked([[1, 2, 3], [4], [5, 6]], { 'x-body-bytes': '6' }),
      'x-body-bytes',
      (p) => seen.push(p),
    );
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual([
      { received: 3, total: 6 },
      { received: 4, total: 6 },
      { received: 6, total: 6 },
    ]);
  });

  it('gives a null total when the server announced none or nonsense', async () => {
    const cases: Record<string, string>[] = [{}, { 'x-body-bytes': 'abc' }, { 'x-body-bytes': '-4' }];
    for (const headers of cases) {
      const seen: ReadProgress[] = [];
      const bytes = await readWithProgress(chunked([[9, 8]], headers), 'x-body-bytes', (p) => seen.push(p));
      expect([...bytes]).toEqual([9, 8]);
      expect(seen).toEqual([{ received: 2, total: null }]);
    }
  });
});
