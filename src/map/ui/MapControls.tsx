import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Layers, LocateFixed, LocateOff, Minus, Plus } from 'lucide-react';
import { sl } from '../../i18n/sl.ts';
import { profile } from '../../state/appData.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { baseMapChoice, mapController, showAreas, tracking } from '../port/mapState.ts';
import { online } from '../../state/online.ts';
import { ZOOM_STEP } from '../port/mapSettings.ts';

/** Zoom buttons (±1), live location tracking and the base-map chooser. */
export function MapControls() {
  useSignals();
  const [layersOpen, setLayersOpen] = useState(false);
  const mc = mapController.value;
  const p = profile.value;
  const choice = baseMapChoice.value;

  const toggleTracking = (): void => {
    if (!mc) return;
    const on = !tracking.value;
    void mc.setTracking(on);
    tracking.value = on;
  };
  const chooseBase = (id: string): void => {
    mc?.setBaseMap(id);
    baseMapChoice.value = { ...choice, base: id };
  };
  const toggleOverlay = (id: string, on: boolean): void => {
    mc?.setOverlay(id, on);
    baseMapChoice.value = { ...choice, overlays: { ...choice.overlays, [id]: on } };
  };

  return (
    <div className="map-controls">
      <div className="control-group">
        <IconButton label={sl.map.zoomIn} onClick={() => mc?.zoomBy(ZOOM_STEP)} icon={<Plus aria-hidden />} />
        <IconButton label={sl.map.zoomOut} onClick={() => mc?.zoomBy(-ZOOM_STEP)} icon={<Minus aria-hidden />} />
      </div>
      <div className="control-group">
        <IconButton
          label={tracking.value ? sl.map.stopLocate : sl.map.locate}
          pressed={tracking.value}
          onClick={toggleTracking}
          icon={tracking.value ? <LocateOff aria-hidden /> : <LocateFixed aria-hidden />}
        />
      </div>
      <div className="control-group layers-control">
        <IconButton
          label={sl.map.layers}
          pressed={layersOpen}
          onClick={() => setLayersOpen(!layersOpen)}
          icon={<Layers aria-hidden />}
        />
        {layersOpen && p && (
          <fieldset className="layers-popover">
            <legend>{sl.map.layers}</legend>
            {p.baseMaps
              .filter((b) => !b.overlay)
              .map((b) => (
                <label key={b.id} className="check-row">
                  <input type="radio" name="basemap" checked={choice.base === b.id} onChange={() => chooseBase(b.id)} />
                  {b.name}
                </label>
              ))}
            {p.baseMaps
              .filter((b) => b.overlay)
              .map((b) => (
                <label key={b.id} className="check-row">
                  <input
                    type="checkbox"
                    checked={!!choice.overlays[b.id]}
                    onChange={(e) => toggleOverlay(b.id, e.target.checked)}
                  />
                  {b.name}
                </label>
              ))}
            <label className="check-row">
              <input
                type="checkbox"
                checked={showAreas.value || !online.value}
                disabled={!online.value}
                onChange={(e) => (showAreas.value = e.target.checked)}
              />
              {sl.map.downloadedAreas}
            </label>
          </fieldset>
        )}
      </div>
    </div>
  );
}
