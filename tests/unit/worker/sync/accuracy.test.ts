import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fakeServerForFile } from './fakeServer.ts';
import { asFeature, downloadArea, drain, point, rig } from './helpers.ts';

/**
 * The location's measured accuracy (Feature.accuracyMetres) through an offline create and edit:
 * kept on the device with the find and sent with its create and update by the outbox.
 */
const server = fakeServerForFile();

describe('offline accuracy', () => {
  it('goes with an offline create, and an offline edit that moves the find replaces it', async () => {
    const r = rig(server);
    const { featureId } = await r.records.create(point(), { '780': 'acc-1' }, null, server.email, 8);
    expect((await r.records.get(featureId))?.feature.accuracyMetres).toBe(8);
    await drain(r);
    const [rec] = server.find('780', 'acc-1');
    expect(rec?.accuracyMetres).toBe(8);

    // Moved to a place picked on the map: no measured accuracy.
    await r.records.update(rec!.id, { '782': 3 }, point(5), null, undefined, undefined, null);
    await drain(r);
    expect(rec?.accuracyMetres).toBeNull();
    expect(rec?.properties['782']).toBe(3);
  });

  it("an offline edit of a downloaded copy that does not know the metres leaves the server's", async () => {
    const seeded = server.seed({ '780': 'acc-3', '782': 1 }, null);
    seeded.accuracyMetres = 9;
    const r = rig(server);
    await downloadArea(r.db, [asFeature(seeded)]);
    await r.records.update(seeded.id, { '782': 4 }, point(), null);
    await drain(r);
    expect(seeded.properties['782']).toBe(4);
    expect(seeded.accuracyMetres).toBe(9);
  });

  it('an offline edit that leaves the place keeps the accuracy the create carried', async () => {
    const r = rig(server);
    const { featureId } = await r.records.create(point(), { '780': 'acc-2' }, null, server.email, 4);
    await r.records.update(featureId, { '782': 2 }, null, null);
    expect((await r.records.get(featureId))?.feature.accuracyMetres).toBe(4);
    await drain(r);
    expect(server.find('780', 'acc-2')[0]?.accuracyMetres).toBe(4);
  });
});
