import { useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { effect, signal } from '@preact/signals-react';
import { listenToMapKeys } from './mapKeyListener.ts';
import { appConfig, profile } from '../state/appData.ts';
import { layerFilter } from '../state/filters.ts';
import { session } from '../state/session.ts';
import { notify } from '../state/notices.ts';
import { sl } from '../i18n/sl.ts';
import { MapController } from './MapController.ts';
import { LOCATION_MAX_ZOOM } from './mapSettings.ts';
import { baseMapChoice, mapController, showAreas, tilesPending, tracking } from './mapState.ts';
import { MapLoadingHint } from './MapLoadingHint.tsx';
import { followLinkedFind, refreshSightings } from './sightingsActions.ts';
import { MapControls } from './MapControls.tsx';
import { EmptyFilterNotice } from './EmptyFilterNotice.tsx';
import { shortInfo } from '../state/shortInfo.ts';
import { activePanel, openPanel } from '../state/panel.ts';
import { flashRequest } from './mapState.ts';
import type { MapCoord, MapSighting } from './mapPort.ts';
import { pickingLocation, recordForm, setLocation } from '../state/recordForm.ts';
import { AddButton } from '../records/AddButton.tsx';
import { online } from '../state/online.ts';
import { extents } from '../state/offline.ts';
import { storedTile } from './offlineTiles.ts';
import { keepClearOfSheet } from './sheetClearance.ts';
import { isMobile } from '../state/layout.ts';

/** What the keyboard on the map last did, for screen readers. */
const announcement = signal('');

/**
 * The map screen: the OpenLayers map filling the page, with its controls. The map takes the
 * keyboard focus (a ring and a centre crosshair show): arrows pan and +/− zoom (OpenLayers'
 * keyboard interactions), N/P and Enter work on the finds (mapKeys.ts).
 */
export function MapView() {
  useSignals();
  const target = useRef<HTMLDivElement>(null);
  const p = profile.value;
  const cfg = appConfig.value;

  useEffect(() => {
    if (!target.current || !p || !cfg) return;
    const mc = new MapController({
      target: target.current,
      profile: p,
      layerId: cfg.layerId,
      defaultExtent: cfg.defaultExtent,
      origin: location.origin,
      // Only offline: a stored tile costs a worker round trip, which online loading need not pay.
      loadStoredTile: storedTile,
      location: {
        onFirstFix: (c) => mc.centerOn([c[0]!, c[1]!], LOCATION_MAX_ZOOM),
        onError: (code) => {
          tracking.value = false;
          void mc.setTracking(false);
          notify('error', code === 1 ? sl.map.locationDenied : sl.map.locationError);
        },
      },
    });
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
    const stopKeys = listenToMapKeys(target.current, mc, {
      onCentre: (coord) => {
        if (pickingLocation.value) {
          setLocation(coord, 'map');
          pickingLocation.value = false;
          announcement.value = sl.map.keyboardPicked;
          return;
        }
        void mc.sightingsAt(coord).then((hits) => openPlace(coord, hits));
      },
      announce: (text) => (announcement.value = text),
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
      mapController.value = null;
      mc.dispose();
    };
  }, [p, cfg]);

  return (
    <div className={`map-wrap${pickingLocation.value ? ' picking' : ''}`}>
      <div
        ref={target}
        className="map"
        role="application"
        aria-label={sl.map.sightings}
        aria-describedby="map-keys"
        aria-keyshortcuts="ArrowUp ArrowDown ArrowLeft ArrowRight + - N P Enter"
        tabIndex={0}
        data-testid="map"
      />
      <p id="map-keys" className="visually-hidden">
        {sl.map.keyboardHelp}
      </p>
      <p className="visually-hidden" role="status" data-testid="map-announcement">
        {announcement.value}
      </p>
      {p && <MapControls />}
      {p && <AddButton />}
      <EmptyFilterNotice />
      <MapLoadingHint />
    </div>
  );
}
