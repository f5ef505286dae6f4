import { useSignals } from '@preact/signals-react/runtime';
import { BookOpen, Info, RotateCcw } from 'lucide-react';
import { showSpecies } from '../state/speciesInfo.ts';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { layerFilter, resetFilter, yearOptions } from '../state/filters.ts';
import { closePanels } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';
import { Select, type SelectOption } from '../ui/Select.tsx';
import { MapLegend } from '../review/MapLegend.tsx';
import { ExportControl } from './ExportControl.tsx';
import { STATUS_VALUES } from '../../domain/statuses.ts';

/** The filters a select sets: a number, or null for any. */
type NumberFilter = 'speciesId' | 'year' | 'status';

/** 'Filtri': species ('Vrsta'), year ('Leto'), status, mine only; 'Ponastavi' clears year, species and status; the legend. */
export function FiltersPanel() {
  useSignals();
  const f = layerFilter.value;
  const cat = catalogue.value;
  const speciesOptions: SelectOption[] = [];
  for (const g of cat?.groups ?? []) {
    for (const s of g.species) speciesOptions.push({ value: String(s.id), label: s.name, group: g.name });
    speciesOptions.push({ value: String(g.other.id), label: g.other.name, group: g.name });
  }
  const years: SelectOption[] = yearOptions().map((y) => ({ value: String(y), label: String(y) }));
  const statuses: SelectOption[] = STATUS_VALUES.map((s) => ({
    value: String(s.value),
    label: sl.review.status[s.value] ?? s.text,
  }));
  // The three selects: a filter's label is also its watermark; '' clears it.
  const selects: Array<{ key: NumberFilter; id: string; label: string; options: SelectOption[] }> = [
    { key: 'speciesId', id: 'filter-species', label: sl.filters.species, options: speciesOptions },
    { key: 'year', id: 'filter-year', label: sl.filters.year, options: years },
    { key: 'status', id: 'filter-status', label: sl.review.statusLabel, options: statuses },
  ];
  return (
    <Panel title={sl.filters.title} onClose={closePanels}>
      <div className="form-stack">
        {selects.map((s) => (
          <Select
            key={s.key}
            id={s.id}
            label={s.label}
            placeholder={s.label}
            value={f[s.key] === null ? '' : String(f[s.key])}
            options={s.options}
            onChange={(v) => (layerFilter.value = { ...f, [s.key]: v === '' ? null : Number(v) })}
          />
        ))}
        {f.speciesId !== null && !cat?.groups.some((g) => g.other.id === f.speciesId) && (
          <button type="button" className="button small" onClick={() => showSpecies(f.speciesId)}>
            <Info aria-hidden /> {sl.species.info}
          </button>
        )}
        <label className="check-row">
          <input
            type="checkbox"
            checked={f.mineOnly}
            onChange={(e) => (layerFilter.value = { ...f, mineOnly: e.target.checked })}
          />
          {sl.filters.mineOnly}
        </label>
        <button type="button" className="button" onClick={resetFilter}>
          <RotateCcw aria-hidden /> {sl.filters.reset}
        </button>
        <button type="button" className="button" onClick={() => showSpecies(null)}>
          <BookOpen aria-hidden /> {sl.filters.browseSpecies}
        </button>
        <ExportControl />
        <MapLegend />
      </div>
    </Panel>
  );
}
