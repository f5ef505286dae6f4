import { signal } from '@preact/signals-react';
import type { MapPort } from './mapPort.ts';

/** The live map, once mounted (panels use it to zoom). */
export const mapController = signal<MapPort | null>(null);

/** Which base map is shown and whether the hillshade overlay is on. */
export const baseMapChoice = signal<{ base: string; overlays: Record<string, boolean> }>({
  base: 'ortho',
  overlays: {},
});

/** Whether live location tracking is on. */
export const tracking = signal(false);

/** Whether the downloaded-areas layer is shown (it is always shown offline). */
export const showAreas = signal(true);

/** The last saved find's position, to flash black on the map. */
export const flashRequest = signal<[number, number] | null>(null);

/** True while the first base map tiles of this start are still on their way (a hint shows). */
export const tilesPending = signal(false);
