import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fullBlocks } from '../../../../../server/api/changes/columnsAnswer.ts';
import { clientGone } from '../../../../../server/http/clientGone.ts';

/** A full load for a caller who has left stops reading (server/http/clientGone.ts). */
const item = (id: number): string =>
  JSON.stringify({ type: 'Feature', id, geometry: { type: 'Point', coordinates: [1, 2] }, properties: {} });
const HEAD = { cursor: '1:1:', viewer: 'v', reset: false };

/** A reply whose connection can close before or after its answer is written. */
function fakeReply(): { reply: FastifyReply; close(finished: boolean): void } {
  const raw = Object.assign(new EventEmitter(), { writableFinished: false });
  return {
    reply: { raw } as unknown as FastifyReply,
    close(finished) {
      raw.writableFinished = finished;
      raw.emit('close');
    },
  };
}

describe('a full load and a caller who leaves', () => {
  it('reads no page after the caller has gone', async () => {
    const { reply, close } = fakeReply();
    const gone = clientGone(reply);
    let read = 0;
    async function* pages(): AsyncGenerator<string[]> {
      for (let p = 0; p < 5; p++) {
        read++;
        if (p === 1) close(false);
        yield [item(p + 1)];
      }
    }
    await expect(fullBlocks(48, pages(), HEAD, gone)).rejects.toThrow(/went away/);
    expect(read).toBe(2);
  });

  it('is not gone when the connection closes after the answer was sent', async () => {
    const { reply, close } = fakeReply();
    const gone = clientGone(reply);
    close(true);
    expect(gone.aborted).toBe(false);
    async function* pages(): AsyncGenerator<string[]> {
      yield [item(1)];
      yield [item(2)];
    }
    expect(await fullBlocks(48, pages(), HEAD, gone)).toHaveLength(2);
  });
});
