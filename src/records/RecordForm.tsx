import { useEffect, useState } from 'react';
import { ReviewQuestion } from '../review/ReviewQuestion.tsx';
import { useSignals } from '@preact/signals-react/runtime';
import { Save, Trash2, X } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { notify } from '../state/notices.ts';
import { pickingLocation, recordForm, setField } from '../state/recordForm.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { ConfirmDelete } from '../ui/ConfirmDelete.tsx';
import { COL } from '../../domain/columns.ts';
import type { Catalogue, SpeciesOption } from '../../worker/api.ts';
import { deleteFormRecord, submitForm } from './actions.ts';
import { confirmDiscard, discardForm, holdBackGesture, requestClose } from './discard.ts';
import { Modal } from '../ui/Modal.tsx';
import { formOptions, loadFormOptions } from './options.ts';
import { todayIso } from './validate.ts';
import { ChoiceField, Field, TextField } from './Field.tsx';
import { PhotoField } from './PhotoField.tsx';
import { SoundField } from './SoundField.tsx';
import { LocationField } from './LocationField.tsx';
import { SpeciesSearch } from './SpeciesSearch.tsx';
import { DuplicateQuestion } from './DuplicateQuestion.tsx';

/** The species of a group from the catalogue, when the relation table could not be loaded. */
function catalogueSpecies(cat: Catalogue | null, groupId: number): SpeciesOption[] {
  const g = cat?.groups.find((x) => x.id === groupId);
  return g ? [...g.species.map((s) => ({ key: s.id, text: s.name })), { key: g.other.id, text: g.other.name }] : [];
}

/** The report form: add or edit a sighting with a photo; delete one's own. */
export function RecordForm() {
  useSignals();
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    loadFormOptions().catch((e: unknown) => {
      console.error(e);
      notify('error', sl.map.loadError);
    });
  }, []);
  useEffect(() => holdBackGesture(), []);
  useEffect(() => {
    // Escape closes the form (asking first when something was typed), unless a dialog is open over it.
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape' && !confirmDiscard.value && !document.querySelector('.modal')) requestClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const f = recordForm.value;
  if (!f) return null;
  const opts = formOptions.value;
  const v = (id: number): string => f.values[String(id)] ?? '';
  const err = (id: number): string | undefined => f.errors[String(id)];
  const group = Number(v(COL.group)) || null;
  const speciesOpts = group ? (opts?.speciesByGroup[group] ?? catalogueSpecies(catalogue.value, group)) : [];
  const busy = f.stage !== null || f.loading;
  const stageText = f.stage === 'photo' ? sl.records.uploadingPhoto : f.stage ? sl.records.saving : null;
  const title = f.mode === 'create' ? sl.records.newTitle : sl.records.editTitle;

  return (
    <aside className={`panel record-panel${pickingLocation.value ? ' collapsed' : ''}`} aria-labelledby="record-title">
      <header className="panel-header">
        <h2 id="record-title">{title}</h2>
        <IconButton
          label={sl.records.cancel}
          onClick={requestClose}
          icon={<X aria-hidden />}
          disabled={f.stage !== null}
        />
      </header>
      <form
        className="panel-body form-stack"
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          void submitForm();
        }}
      >
        {f.loading && <div className="spinner" role="status" aria-label={sl.loading} />}
        {f.mode === 'edit' && f.id !== null && !f.loading && (
          <ReviewQuestion recordId={f.id} status={f.values[String(COL.status)]} />
        )}
        <SpeciesSearch />
        <Field id="f-group" label={sl.records.group} error={err(COL.group)} required>
          {(a) => (
            <select
              {...a}
              value={v(COL.group)}
              onChange={(e) => {
                setField(COL.group, e.target.value);
                setField(COL.species, '');
              }}
            >
              <option value="">{sl.select.placeholder}</option>
              {(catalogue.value?.groups ?? []).map((g) => (
                <option key={g.id} value={String(g.id)}>
                  {g.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="f-species"
          label={sl.records.species}
          error={err(COL.species)}
          required
          hint={group ? undefined : sl.records.speciesFirstGroup}
        >
          {(a) => (
            <select
              {...a}
              value={v(COL.species)}
              disabled={!group}
              onChange={(e) => setField(COL.species, e.target.value)}
            >
              <option value="">{sl.select.placeholder}</option>
              {speciesOpts.map((s) => (
                <option key={s.key} value={String(s.key)}>
                  {s.text}
                </option>
              ))}
            </select>
          )}
        </Field>
        <PhotoField />
        <SoundField />
        <LocationField />
        <Field id="f-date" label={sl.records.date} error={err(COL.date)} required>
          {(a) => (
            <input
              {...a}
              type="date"
              max={todayIso()}
              value={v(COL.date).slice(0, 10)}
              onChange={(e) => setField(COL.date, e.target.value)}
            />
          )}
        </Field>
        <div className="field-row">
          <Field id="f-count" label={sl.records.count} error={err(COL.count)}>
            {(a) => (
              <input
                {...a}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={v(COL.count)}
                onChange={(e) => setField(COL.count, e.target.value)}
              />
            )}
          </Field>
          <ChoiceField id="f-unit" label={sl.records.unit} column={COL.unit} choices={opts?.units} />
        </div>
        <ChoiceField id="f-type" label={sl.records.findingType} column={COL.findingType} choices={opts?.findingTypes} />
        <ChoiceField
          id="f-accuracy"
          label={sl.records.accuracy}
          column={COL.locationAccuracy}
          choices={opts?.accuracies}
        />
        <TextField id="f-habitat" label={sl.records.habitat} hint={sl.records.habitatHint} column={COL.habitat} />
        <TextField
          id="f-where"
          label={sl.records.locationDescription}
          hint={sl.records.locationDescriptionHint}
          column={COL.locationDescription}
        />
        <TextField id="f-comments" label={sl.records.comments} column={COL.comments} maxLength={4000} rows={3} />
        {stageText && (
          <p className="save-status" role="status">
            <span className="spinner small" aria-hidden /> {stageText}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy}>
            <Save aria-hidden /> {sl.records.save}
          </button>
          <button type="button" className="button" onClick={requestClose} disabled={f.stage !== null}>
            {sl.records.cancel}
          </button>
          {f.mode === 'edit' && (
            <button type="button" className="button danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
              <Trash2 aria-hidden /> {sl.records.delete}
            </button>
          )}
        </div>
      </form>
      {confirmDiscard.value && (
        <Modal
          header={sl.records.discardTitle}
          onClose={() => (confirmDiscard.value = false)}
          actions={[
            { label: sl.records.keepEditing, className: 'button', onClick: () => (confirmDiscard.value = false) },
            { label: sl.records.discard, className: 'button danger-solid', onClick: discardForm },
          ]}
        >
          <p>{sl.records.discardMessage}</p>
        </Modal>
      )}
      <DuplicateQuestion />
      {confirmDelete && (
        <ConfirmDelete
          header={sl.records.deleteConfirmTitle}
          message={sl.records.deleteConfirm}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => void deleteFormRecord()}
        />
      )}
    </aside>
  );
}
