import { sl } from '../../i18n/sl.ts';
import { drawnSightings, layerFilter } from '../../state/filters.ts';
import { notify } from '../../state/notices.ts';
import { mapController } from './mapState.ts';
import { linkedFindId, openLinkedFind } from './deepLink.ts';
import { shortInfo } from '../../state/shortInfo.ts';
import { sameProperties } from '../../../domain/sameProperties.ts';
import type { MapPort } from './mapPort.ts';

let generation = 0;
let lastLinked: number | null = null;
let drawn = false;
/** A linked find that was not on the map when its link was followed; tried again with each newer drawing. */
let missed: number | null = null;

/**
 * Opens the find the address links to (`#/?najdba=ID`), once per link: at start, and when a
 * link is pasted into the open tab (hashchange). A find that is not on the map (deleted, not
 * public, or left out by the filters) is said so instead of nothing happening; it still opens
 * if newer sightings bring it while the address links to it (a find that has just reached the
 * server, whose layer is still loading).
 */
export function followLinkedFind(): void {
  const mc = mapController.value;
  const linked = linkedFindId(location.hash);
  if (!mc || !drawn || linked === null || linked === lastLinked) return;
  lastLinked = linked;
  missed = null;
  void openLinkedFind(mc, linked).then((found) => {
    if (found || lastLinked !== linked) return;
    missed = linked;
    notify('info', sl.map.linkNotFound(linked), 6000);
  });
}

/** Opens the missed linked find if the sightings just drawn hold it and the address still links to it. */
function retryMissedLink(): void {
  const mc = mapController.value;
  if (!mc || missed === null) return;
  const linked = missed;
  if (linkedFindId(location.hash) !== linked) missed = null;
  else
    void openLinkedFind(mc, linked).then((found) => {
      if (found && missed === linked) missed = null;
    });
}

/**
 * The open card's finds as the newest drawing has them: a card opened on an older drawing (a
 * start's copy before the change feed answered, a layer a sync has since changed) shows the
 * current status and species, not those it was opened with.
 */
async function refreshOpenFinds(mc: MapPort): Promise<void> {
  const open = shortInfo.value;
  if (!open) return;
  const now = await Promise.all(open.features.map((f) => mc.sightingById(f.id).catch(() => null)));
  if (shortInfo.value !== open) return;
  const features = open.features.map((f, i) => {
    const n = now[i];
    return n && !sameProperties(n.properties, f.properties) ? { ...f, properties: n.properties } : f;
  });
  if (features.some((f, i) => f !== open.features[i])) shortInfo.value = { ...open, features };
}

/** Draws the filtered, styled sightings (the data core selects them); a newer call wins. */
export async function refreshSightings(): Promise<void> {
  const mc = mapController.value;
  if (!mc) return;
  const mine = ++generation;
  try {
    // The whole layer is drawn once per filter change; the data core selects and styles it.
    const count = await mc.drawSightings(layerFilter.value);
    if (count === null || mine !== generation) return;
    document.documentElement.dataset.sightings = String(count);
    drawnSightings.value = count;
    drawn = true;
    void refreshOpenFinds(mc);
    retryMissedLink();
    followLinkedFind();
  } catch (e) {
    console.error('Failed loading sightings', e);
    notify('error', sl.map.loadError);
  }
}
