import { signal } from '@preact/signals-react';
import { openPanel } from './panel.ts';

/** The species the species-info panel opens at (null = the catalogue from the top). */
export const selectedSpeciesId = signal<number | null>(null);

/** Opens the species-info panel at a species. */
export function showSpecies(id: number | null): void {
  selectedSpeciesId.value = id;
  openPanel('speciesinfo');
}
