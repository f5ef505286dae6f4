import { describe, expect, it, vi } from 'vitest';
import { gridIfLoaded } from '../../../../worker/layer/squares.ts';
import { nationalGrid } from '../../../../worker/nationalGrid.ts';

describe('the national grid for a drawing that does not wait', () => {
  it('is null until its chunk has come, whose load the first ask starts', async () => {
    expect(gridIfLoaded()).toBeNull();
    await vi.waitFor(() => expect(gridIfLoaded()).toBe(nationalGrid));
  });
});
