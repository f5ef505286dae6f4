import { useDeferredValue, useEffect, useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { signal } from '@preact/signals-react';
import { appConfig, profile } from '../../state/appData.ts';
import { notify } from '../../state/notices.ts';
import { sl } from '../../i18n/sl.ts';
import { LOCATION_MAX_ZOOM } from '../port/mapSettings.ts';
import { mapController, tracking } from '../port/mapState.ts';
import { MapLoadingHint } from './MapLoadingHint.tsx';
import { MapControls } from './MapControls.tsx';
import { EmptyFilterNotice } from './EmptyFilterNotice.tsx';
import type { MapPort } from '../port/mapPort.ts';
import { pickingLocation } from '../../state/recordForm.ts';
import { AddButton } from '../../records/AddButton.tsx';
import { mapData } from '../port/mapData.ts';
import { createMap } from '../port/createMap.ts';
import { wireMap } from '../port/mapWiring.ts';

/** What the keyboard on the map last did, for screen readers. */
const announcement = signal('');

/**
 * The map screen: the map filling the page (drawn by the map worker or on the main thread,
 * createMap.ts), with its controls. The map takes the keyboard focus (a ring and a centre
 * crosshair show): arrows pan and +/− zoom, N/P and Enter work on the finds (mapKeys.ts).
 */
export function MapView() {
  useSignals();
  const target = useRef<HTMLDivElement>(null);
  const p = profile.value;
  const cfg = appConfig.value;
  // The map is made at once (the effect below); its controls render as a transition, in slices
  // (App.tsx), and go at once.
  const controls = useDeferredValue(p !== null) && p !== null;

  useEffect(() => {
    const el = target.current;
    if (!el || !p || !cfg) return;
    let mc: MapPort | null = null;
    let unwire: (() => void) | null = null;
    let live = true;
    createMap({
      target: el,
      profile: p,
      layerId: cfg.layerId,
      defaultExtent: cfg.defaultExtent,
      origin: location.origin,
      data: mapData,
      location: {
        onFirstFix: (c) => mc?.centerOn(c, LOCATION_MAX_ZOOM),
        onError: (code) => {
          // Denied: tracking stops. A position that cannot be had for a while (no satellites
          // under the trees) or comes late: said for a moment, and tracking goes on, so the
          // next fix shows (the watch keeps running).
          if (code !== 1) return void notify('info', sl.map.locationError);
          tracking.value = false;
          void mc?.setTracking(false);
          notify('error', sl.map.locationDenied);
        },
      },
    })
      .then((made) => {
        if (!live) return made.dispose();
        mc = made;
        unwire = wireMap(made, p, (text) => (announcement.value = text));
      })
      .catch((e: unknown) => {
        console.error('Failed making the map', e);
        notify('error', sl.map.loadError);
      });
    return () => {
      live = false;
      unwire?.();
      mapController.value = null;
      mc?.dispose();
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
      {controls && <MapControls />}
      {controls && <AddButton />}
      <EmptyFilterNotice />
      <MapLoadingHint />
    </div>
  );
}
