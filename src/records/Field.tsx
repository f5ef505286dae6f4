/** The report form's fields: Field (label, hint, error) and the select and text fields bound to one column of the form. */
import type { ChangeEvent, ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { recordForm, setField } from '../state/recordForm.ts';
import type { SelectValue } from '../../domain/model.ts';

/** Props of Field. */
export interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (aria: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
    required?: boolean;
  }) => ReactNode;
}

/** A labelled form field with its hint and its error beside it. */
export function Field({ id, label, error, hint, required, children }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="required-mark">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': described, required })}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props of the fields bound to one column of the open report form. */
interface ColumnFieldProps {
  id: string;
  label: string;
  /** The column whose value the field shows and sets. */
  column: number;
  hint?: string;
}

/** The column's value in the open form ('' when unset). */
function useColumnValue(column: number): string {
  useSignals();
  return recordForm.value?.values[String(column)] ?? '';
}

/** A column's select of its choices, '---Izberi---' first. */
export function ChoiceField({ id, label, column, hint, choices }: ColumnFieldProps & { choices?: SelectValue[] }) {
  const value = useColumnValue(column);
  return (
    <Field id={id} label={label} hint={hint}>
      {(a) => (
        <select {...a} value={value} onChange={(e) => setField(column, e.target.value)}>
          <option value="">{sl.select.placeholder}</option>
          {(choices ?? []).map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A column's free text: one line, or a textarea of `rows` lines; at most 500 characters unless `maxLength` says. */
export function TextField({ id, label, column, hint, maxLength = 500, rows }: ColumnFieldProps & TextLimits) {
  const value = useColumnValue(column);
  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => setField(column, e.target.value);
  return (
    <Field id={id} label={label} hint={hint}>
      {(a) =>
        rows ? (
          <textarea {...a} rows={rows} maxLength={maxLength} value={value} onChange={onChange} />
        ) : (
          <input {...a} type="text" maxLength={maxLength} value={value} onChange={onChange} />
        )
      }
    </Field>
  );
}

/** TextField's length and, for a textarea, its height. */
interface TextLimits {
  maxLength?: number;
  rows?: number;
}
