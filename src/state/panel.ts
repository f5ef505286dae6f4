import { signal } from '@preact/signals-react';

/** The side panels; at most one is active. */
export type PanelType = 'speciesinfo' | 'filters' | 'about' | 'privacy' | 'profile' | 'shortInfo' | 'gallery';

/** The active panel, or null. */
export const activePanel = signal<PanelType | null>(null);

/** Counts clicks on the title, so that views can react to the 'title click' signal. */
export const titleClicks = signal(0);

/** Opens `panel`, or closes it when it is already the active one. */
export function togglePanel(panel: PanelType): void {
  activePanel.value = activePanel.value === panel ? null : panel;
}

/** Opens `panel` (replacing any other). */
export function openPanel(panel: PanelType): void {
  activePanel.value = panel;
}

/** Closes whatever panel is open. */
export function closePanels(): void {
  activePanel.value = null;
}
