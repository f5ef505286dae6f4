import { effect, signal } from '@preact/signals-react';
import { fromLonLat } from 'ol/proj.js';
import { sl } from '../i18n/sl.ts';
import { notify } from '../state/notices.ts';
import { patchForm, recordForm, setField, setLocation, type LocationAccuracy } from '../state/recordForm.ts';
import { COL } from '../../domain/columns.ts';
import {
  ACCURACY_WAIT_MS,
  GOOD_ACCURACY_M,
  accuracyClass,
  averageFixes,
  roundMetres,
  type Fix,
} from '../../domain/locationAccuracy.ts';
import { formOptions } from './options.ts';

/** The wait for a good fix ('Moja lokacija'): the average so far (null before the first fix). */
export interface PositionWait {
  average: Fix | null;
}

/** The running wait, or null. */
export const positionWait = signal<PositionWait | null>(null);

let watchId: number | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let fixes: Fix[] = [];

function stop(): void {
  if (watchId !== null) navigator.geolocation.clearWatch(watchId);
  if (timer !== null) clearTimeout(timer);
  watchId = null;
  timer = null;
  fixes = [];
  positionWait.value = null;
}

/**
 * Sets the form's accuracy: the metres for the reporter, and column 976 'Natančnost lokacije' to
 * the smallest of its classes that holds them (domain/locationAccuracy.ts).
 */
export function applyAccuracy(metres: number, source: LocationAccuracy['source']): void {
  patchForm({ accuracy: { metres, source } });
  const cls = accuracyClass(metres, formOptions.value?.accuracies ?? []);
  if (cls) setField(COL.locationAccuracy, String(cls.value));
}

/** Takes the average of the fixes so far as the form's location; nothing when there is none yet. */
export function acceptPositionNow(): void {
  const avg = positionWait.value?.average ?? null;
  stop();
  if (!avg || !recordForm.value) return;
  setLocation(avg.coord, 'gps');
  applyAccuracy(roundMetres(avg.accuracy), 'gps');
}

/** Stops waiting without changing the location. */
export function cancelPosition(): void {
  stop();
}

/**
 * 'Moja lokacija': watches the device position (high accuracy), averages the fixes weighted by
 * 1/accuracy², and takes the average as soon as it is within 10 m, or after 30 s whatever it is
 * ('Uporabi zdaj' takes it earlier). Geolocation is a main-thread API; it does not block.
 */
export function startMyPosition(): void {
  stop();
  positionWait.value = { average: null };
  watchId = navigator.geolocation.watchPosition(
    (p) => {
      const coord = fromLonLat([p.coords.longitude, p.coords.latitude]) as [number, number];
      fixes.push({ coord, accuracy: p.coords.accuracy });
      const average = averageFixes(fixes);
      positionWait.value = { average };
      if (average && average.accuracy <= GOOD_ACCURACY_M) acceptPositionNow();
    },
    (e) => {
      // Only a refusal ends the wait: a reading that timed out or found no position (under trees,
      // indoors) is followed by the next one, and the 30 s limit ends the wait anyway.
      if (e.code !== e.PERMISSION_DENIED) return;
      stop();
      notify('error', sl.map.locationDenied);
    },
    { enableHighAccuracy: true, timeout: ACCURACY_WAIT_MS, maximumAge: 0 },
  );
  timer = setTimeout(() => {
    if (positionWait.value?.average) acceptPositionNow();
    else {
      stop();
      notify('error', sl.map.locationError);
    }
  }, ACCURACY_WAIT_MS);
}

// A place picked on the map (or the map's centre) has no measured accuracy: the metres go, and a
// class this module filled is emptied for the reporter to choose; a class she chose stays.
effect(() => {
  const f = recordForm.value;
  if (!f?.accuracy || f.coordSource === f.accuracy.source) return;
  const filled = accuracyClass(f.accuracy.metres, formOptions.peek()?.accuracies ?? []);
  const current = f.values[String(COL.locationAccuracy)] ?? '';
  patchForm({
    accuracy: null,
    values: filled && current === String(filled.value) ? { ...f.values, [COL.locationAccuracy]: '' } : f.values,
  });
});
