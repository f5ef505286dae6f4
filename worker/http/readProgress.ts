import type { ReadProgress } from './types.ts';

/**
 * Reads a response's body to its end, calling `onProgress` after each chunk the network gives;
 * `total` is the length the server announced in `totalHeader` (the bytes as the reader gets them,
 * decompressed), null when it announced none.
 */
export async function readWithProgress(
  res: Response,
  totalHeader: string,
  onProgress: (p: ReadProgress) => void,
): Promise<Uint8Array> {
  const announced = Number(res.headers.get(totalHeader));
  const total = Number.isSafeInteger(announced) && announced > 0 ? announced : null;
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress({ received, total });
  }
  const out = new Uint8Array(received);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
