import { useEffect } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Crosshair, LocateFixed, MapPin } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { pickingLocation, recordForm, setLocation } from '../state/recordForm.ts';
import { mapController } from '../map/port/mapState.ts';
import { toNationalGrid } from '../map/coords/projections.ts';
import { roundMetres } from '../../domain/locationAccuracy.ts';
import { acceptPositionNow, cancelPosition, positionWait, startMyPosition } from './positionWatch.ts';

/**
 * The location: shown as E/N; set by a tap on the map, the map centre under the crosshair
 * (keyboard and one-handed use), the device position or the photo's GPS.
 */
export function LocationField() {
  useSignals();
  // The wait for a good fix ends with the form.
  useEffect(() => () => cancelPosition(), []);
  const wait = positionWait.value;
  const f = recordForm.value;
  if (!f) return null;
  const en = f.coord ? toNationalGrid(f.coord) : null;
  const error = f.errors.location;
  return (
    <div className={`field location-field${error ? ' has-error' : ''}`} role="group" aria-labelledby="location-label">
      <span className="field-label" id="location-label">
        {sl.records.location}
        <span aria-hidden className="required-mark">
          {' '}
          *
        </span>
      </span>
      <p className="location-value" data-testid="form-location">
        {en ? (
          <>
            E <strong>{en.e}</strong> N <strong>{en.n}</strong>
          </>
        ) : (
          <span className="muted">{sl.records.locationNone}</span>
        )}
      </p>
      {f.coordSource === 'photo' && <p className="field-hint">{sl.records.locationFromPhotoSet}</p>}
      {f.accuracy && f.accuracy.source === f.coordSource && !wait && (
        <p className="field-hint" data-testid="form-accuracy">
          {f.accuracy.source === 'photo'
            ? sl.field.accuracyFromPhoto(f.accuracy.metres)
            : sl.field.accuracyNow(f.accuracy.metres)}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          aria-pressed={pickingLocation.value}
          onClick={() => (pickingLocation.value = !pickingLocation.value)}
        >
          <MapPin aria-hidden /> {sl.records.locationPick}
        </button>
        <button type="button" className="button" disabled={wait !== null} onClick={startMyPosition}>
          <Crosshair aria-hidden /> {wait ? sl.records.locationLocating : sl.records.locationMine}
        </button>
      </div>
      {wait && (
        <div className="accuracy-wait">
          <p role="status" data-testid="accuracy-wait">
            <span className="spinner small" aria-hidden />{' '}
            {wait.average ? sl.field.accuracyWaiting(roundMetres(wait.average.accuracy)) : sl.field.accuracyWaitingNone}
          </p>
          <button type="button" className="button primary" disabled={!wait.average} onClick={acceptPositionNow}>
            {sl.field.accuracyUseNow}
          </button>
          <button type="button" className="button" onClick={cancelPosition}>
            {sl.field.accuracyStop}
          </button>
        </div>
      )}
      {pickingLocation.value && (
        <>
          <p className="field-hint picking" role="status">
            {sl.records.locationPicking} {sl.records.locationPickingKeys}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              const c = mapController.value?.viewNow()?.center;
              if (c) setLocation(c, 'map');
              pickingLocation.value = false;
            }}
          >
            <LocateFixed aria-hidden /> {sl.records.locationUseCentre}
          </button>
        </>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
