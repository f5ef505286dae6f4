import { core } from '../core.ts';
import { COL } from '../../domain/columns.ts';
import { mapController } from '../map/port/mapState.ts';
import { openLinkedFind } from '../map/port/deepLink.ts';
import { patchForm, type RecordFormState } from '../state/recordForm.ts';

/**
 * Before a NEW find is saved: when the reporter already has a find of the same species within
 * 100 m on the same day (domain/duplicates.ts; the server's copy online, the device's offline),
 * the form asks 'Podobna najdba že obstaja' and this returns true (the save waits for the answer).
 * A lookup that fails never stops the save.
 */
export async function askIfDuplicate(f: RecordFormState): Promise<boolean> {
  if (f.mode !== 'create' || f.duplicateAnswered || !f.coord) return false;
  const species = Number(f.values[String(COL.species)]);
  const date = f.values[String(COL.date)] ?? '';
  const ids = await core.findDuplicates({ species, coord: f.coord, date }).catch((e: unknown) => {
    console.error('Duplicate check failed', e);
    return [];
  });
  if (ids.length === 0) return false;
  patchForm({ duplicateOf: ids[0] });
  return true;
}

/** 'Vseeno shrani': saves without asking again. */
export function saveAnyway(): void {
  patchForm({ duplicateOf: null, duplicateAnswered: true });
}

/** Closes the question and goes back to the form. */
export function dismissDuplicate(): void {
  patchForm({ duplicateOf: null });
}

/** 'Odpri jo': the existing find's card, on the map. */
export async function openDuplicate(id: number, closeForm: () => void): Promise<void> {
  closeForm();
  const mc = mapController.value;
  if (mc) await openLinkedFind(mc, id);
}
