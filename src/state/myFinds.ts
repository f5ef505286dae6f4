import { signal } from '@preact/signals-react';
import { core } from '../core.ts';
import type { Properties } from '../../domain/model.ts';
import { unpackProperties } from '../../domain/packedProperties.ts';

/** One of the user's finds, as the profile lists it. */
export interface MyFind {
  id: number;
  coord: [number, number];
  properties: Properties;
}

/** The current user's finds on the layer; null until loaded. */
export const myFinds = signal<MyFind[] | null>(null);

/** Loads the layer's features created by the signed-in user (filtered in the worker). */
export async function loadMyFinds(): Promise<void> {
  const batch = await core.getLayerPoints(null, { year: null, speciesId: null, mineOnly: true, status: null });
  const out: MyFind[] = [];
  for (let i = 0; i < batch.ids.length; i++) {
    out.push({
      id: batch.ids[i]!,
      coord: [batch.coords[2 * i]!, batch.coords[2 * i + 1]!],
      properties: unpackProperties(batch.properties, i),
    });
  }
  myFinds.value = out;
}
