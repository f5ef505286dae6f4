import { afterEach, describe, expect, it, vi } from 'vitest';

async function fresh(storage: Partial<StorageManager> | undefined) {
  vi.resetModules();
  vi.stubGlobal('navigator', { storage });
  return import('../../../src/state/persistence.ts');
}

describe('askToKeepData', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once, and says the data is at risk when the browser refuses', async () => {
    const persist = vi.fn(async () => false);
    const m = await fresh({ persisted: async () => false, persist });
    await Promise.all([m.askToKeepData(), m.askToKeepData()]);
    await m.askToKeepData();
    expect(persist).toHaveBeenCalledTimes(1);
    expect(m.storageAtRisk.value).toBe(true);
  });

  it('says nothing when the browser keeps the data, already or on asking', async () => {
    const granted = await fresh({ persisted: async () => false, persist: async () => true });
    await granted.askToKeepData();
    expect(granted.storageAtRisk.value).toBe(false);
    const persist = vi.fn(async () => true);
    const already = await fresh({ persisted: async () => true, persist });
    await already.askToKeepData();
    expect(persist).not.toHaveBeenCalled();
    expect(already.storageAtRisk.value).toBe(false);
  });

  it('does nothing where the browser has no storage manager', async () => {
    const m = await fresh(undefined);
    await m.askToKeepData();
    expect(m.storageAtRisk.value).toBe(false);
  });
});
