import { signal } from '@preact/signals-react';
import { activePanel, type PanelType } from './panel.ts';

/** A gallery state is set from two stored values: the images and the index shown. */
export interface GalleryState {
  images: Array<{ src: string; alt: string }>;
  index: number;
  /** The panel to return to when the gallery closes. */
  returnTo: PanelType | null;
}

/** The open gallery, or null. */
export const gallery = signal<GalleryState | null>(null);

/** Opens the gallery at `index`, remembering the panel to return to. */
export function openGallery(images: GalleryState['images'], index = 0): void {
  if (images.length === 0) return;
  gallery.value = { images, index: Math.max(0, Math.min(index, images.length - 1)), returnTo: activePanel.value };
  activePanel.value = 'gallery';
}

/** Shows the next (+1) or previous (-1) image, wrapping around. */
export function stepGallery(delta: number): void {
  const g = gallery.value;
  if (!g) return;
  const n = g.images.length;
  gallery.value = { ...g, index: (((g.index + delta) % n) + n) % n };
}

/** Closes the gallery and returns to the panel it was opened from. */
export function closeGallery(): void {
  const back = gallery.value?.returnTo ?? null;
  for (const img of gallery.value?.images ?? []) if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src);
  gallery.value = null;
  activePanel.value = back === 'gallery' ? null : back;
}
