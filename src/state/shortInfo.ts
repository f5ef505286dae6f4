import { signal } from '@preact/signals-react';
import type { Properties } from '../../worker/types.ts';
import { core } from '../core.ts';
import { recordPhotoUrl } from '../ui/media.ts';

/** A feature under a map click. */
export interface ClickedFeature {
  id: number;
  coord: [number, number];
  properties: Properties;
}

/** What the short-info panel shows: where the map was clicked and the features there. */
export interface ShortInfo {
  /** The click in EPSG:3857. */
  coord: [number, number];
  features: ClickedFeature[];
}

/** The last map click's short info. */
export const shortInfo = signal<ShortInfo | null>(null);

/** The photo URLs of a find, or null when it has no photo (asked of the core, so no image 404s). */
export async function findPhoto(id: number, projectId: number, attachmentInfoId: number): Promise<{ thumb: string; full: string } | null> {
  const r = await core.getRecord(id);
  if (!r.attachments.some((a) => a.tableAttachmentInfoId === attachmentInfoId)) return null;
  return { thumb: recordPhotoUrl(projectId, id, attachmentInfoId, true), full: recordPhotoUrl(projectId, id, attachmentInfoId, false) };
}
