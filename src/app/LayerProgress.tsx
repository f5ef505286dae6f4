import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { layerProgress } from '../state/layerProgress.ts';

/**
 * The first visit's load of all finds (the device has no copy of the layer yet): a bar with the
 * share that has arrived, or the megabytes when the server gave no length. Gone when it ends.
 */
export function LayerProgress() {
  useSignals();
  const p = layerProgress.value;
  if (!p) return null;
  const percent = p.total ? Math.min(100, Math.floor((p.received * 100) / p.total)) : null;
  const text = percent !== null ? sl.map.layerLoading(percent) : sl.map.layerLoadingBytes(p.received / 1_048_576);
  return (
    <div className="layer-progress" role="status" data-testid="layer-progress">
      <span>{text}</span>
      {percent !== null && (
        <progress max={100} value={percent} aria-label={sl.map.layerLoadingLabel}>
          {percent} %
        </progress>
      )}
    </div>
  );
}
