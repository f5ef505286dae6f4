import { signal } from '@preact/signals-react';
import { core } from '../core.ts';
import { COL } from '../../domain/columns.ts';
import type { SpeciesOption } from '../../worker/api.ts';
import type { SelectValue } from '../../domain/model.ts';

/** The choices the report form offers, loaded once from the core. */
export interface FormOptions {
  speciesByGroup: Record<number, SpeciesOption[]>;
  units: SelectValue[];
  accuracies: SelectValue[];
  findingTypes: SelectValue[];
}

/** The loaded options, or null. */
export const formOptions = signal<FormOptions | null>(null);

let loading: Promise<void> | null = null;

/** Loads the form's options (species per group from the relation table; select values). */
export function loadFormOptions(): Promise<void> {
  loading ??= Promise.all([
    core.getSpeciesByGroup(),
    core.getSelectValues(COL.unit),
    core.getSelectValues(COL.locationAccuracy),
    core.getSelectValues(COL.findingType),
  ])
    .then(([speciesByGroup, units, accuracies, findingTypes]) => {
      formOptions.value = { speciesByGroup, units, accuracies, findingTypes };
    })
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}
