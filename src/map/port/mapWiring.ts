/**
 * Ties a new map to the app's state (issue #16: whichever thread draws it, through MapPort): the
 * base map choice, clicks and the keyboard's Enter open a place or pick the form's location, the
 * edit marker, downloaded areas, selection ring, flash, offline state, the sightings (redrawn
 * when the filter or the user changes), the view hook for the e2e tests, and links pasted into
 * the tab. Returns a function that undoes all of it.
 */
import { effect } from '@preact/signals-react';
import type { Profile } from '../../../domain/model.ts';
import { layerFilter } from '../../state/filters.ts';
import { session } from '../../state/session.ts';
import { sl } from '../../i18n/sl.ts';
import { shortInfo } from '../../state/shortInfo.ts';
import { activePanel, openPanel } from '../../state/panel.ts';
import { pickingLocation, recordForm, setLocation } from '../../state/recordForm.ts';
import { online } from '../../state/online.ts';
import { extents } from '../../state/offline.ts';
import { isMobile } from '../../state/layout.ts';
import { listenToMapKeys } from './mapKeyListener.ts';
import { baseMapChoice, flashRequest, mapController, showAreas, tilesPending } from './mapState.ts';
import { followLinkedFind, refreshSightings } from './sightingsActions.ts';
import { keepClearOfSheet } from './sheetClearance.ts';
import type { MapCoord, MapPort, MapSighting } from './mapPort.ts';

export function wireMap(mc: MapPort, p: Profile, announce: (text: string) => void): () => void {
  const visibleBase = p.baseMaps.find((b) => !b.overlay && b.visible)?.id ?? p.baseMaps[0]?.id ?? 'ortho';
  baseMapChoice.value = {
    base: visibleBase,
    overlays: Object.fromEntries(p.baseMaps.filter((b) => b.overlay).map((b) => [b.id, b.visible])),
  };
  mapController.value = mc;
  const stopTilesWatch = mc.watchFirstTiles((pending) => (tilesPending.value = pending));
  const openPlace = (coord: MapCoord, hits: MapSighting[]): void => {
    shortInfo.value = {
      coord,
      features: hits.map((f) => ({ id: f.id, coord: f.coord, properties: f.properties, generalised: f.generalised })),
    };
    openPanel('shortInfo');
    if (isMobile.value) keepClearOfSheet(mc, coord);
  };
  const stopClicks = mc.onClick((coord, hits) => {
    if (pickingLocation.value) {
      setLocation(coord, 'map');
      pickingLocation.value = false;
      return;
    }
    openPlace(coord, hits);
  });
  // The keyboard: Enter on the crosshair picks the form's location or opens the place.
  const stopKeys = listenToMapKeys(mc.element, mc, {
    onCentre: (coord) => {
      if (pickingLocation.value) {
        setLocation(coord, 'map');
        pickingLocation.value = false;
        announce(sl.map.keyboardPicked);
        return;
      }
      void mc.sightingsAt(coord).then((hits) => openPlace(coord, hits));
    },
    announce,
  });
  const stopMarker = effect(() => mc.setEditMarker(recordForm.value?.coord ?? null));
  const stopAreas = effect(() => mc.showAreas(extents.value));
  const stopSelection = effect(() => {
    const info = activePanel.value === 'shortInfo' ? shortInfo.value : null;
    mc.select(info ? info.features.map((f) => f.coord) : []);
  });
  const stopFlash = effect(() => {
    const f = flashRequest.value;
    if (f) mc.flash(f);
  });
  let wasOnline = online.peek();
  const stopOffline = effect(() => {
    mc.setOffline(!online.value, showAreas.value);
    if (online.value !== wasOnline) {
      wasOnline = online.value;
      // Tiles that failed while the network was gone load again, from the store or the network.
      mc.reloadTiles();
    }
  });
  // Redraw when the filter or the user changes.
  const stop = effect(() => {
    void layerFilter.value;
    void session.value?.email;
    void refreshSightings();
  });
  // The view at rest, read-only, for the e2e tests (as data-sightings is): zoom, rotation,
  // centre and resolution (EPSG:3857) after every move, gesture or animation has ended.
  const stopViewHook = effect(() => {
    const v = mc.view.value;
    if (v) {
      const { zoom, rotation, center, resolution } = v;
      document.documentElement.dataset.mapView = JSON.stringify({ zoom, rotation, center, resolution });
    }
  });
  // A link to a find pasted into this open tab is followed.
  const onHash = (): void => followLinkedFind();
  window.addEventListener('hashchange', onHash);
  return () => {
    window.removeEventListener('hashchange', onHash);
    stopViewHook();
    stop();
    stopClicks();
    stopKeys();
    stopMarker();
    stopAreas();
    stopSelection();
    stopFlash();
    stopOffline();
    stopTilesWatch();
  };
}
