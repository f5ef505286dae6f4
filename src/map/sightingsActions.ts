import { core } from '../core.ts';
import { sl } from '../i18n/sl.ts';
import { layerFilter } from '../state/filters.ts';
import { notify } from '../state/notices.ts';
import { mapController } from './mapState.ts';
import { linkedFindId, openLinkedFind } from './deepLink.ts';

let generation = 0;
let lastLinked: number | null = null;

/** Asks the data core for the filtered, styled sightings and draws them; a newer call wins. */
export async function refreshSightings(): Promise<void> {
  const mc = mapController.value;
  if (!mc) return;
  const mine = ++generation;
  try {
    // The whole loaded layer is sent once per filter change; extent culling is OpenLayers' job.
    const batch = await core.getLayerPoints([-Infinity, -Infinity, Infinity, Infinity], layerFilter.value);
    if (mine !== generation) return;
    await mc.showSightings(batch);
    if (mine !== generation) return;
    document.documentElement.dataset.sightings = String(batch.ids.length);
    const linked = linkedFindId(location.hash);
    if (linked !== null && linked !== lastLinked) {
      lastLinked = linked;
      openLinkedFind(mc, linked);
    }
  } catch (e) {
    console.error('Failed loading sightings', e);
    notify('error', sl.map.loadError);
  }
}
