import { signal } from '@preact/signals-react';
import type { LayerLoadProgress } from '../../worker/api.ts';

/** The first load of the whole layer as it arrives (the data core's 'layerProgress'); null when none runs. */
export const layerProgress = signal<LayerLoadProgress | null>(null);
