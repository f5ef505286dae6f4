import type { ReactNode } from 'react';
import { sl } from '../i18n/sl.ts';

/** One option of Select; `group` puts it under an optgroup. */
export interface SelectOption {
  value: string;
  label: string;
  group?: string;
}

/** Props of Select. */
export interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  /** The watermark shown while nothing is chosen; default '---Izberi---'. */
  placeholder?: string;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
}

/** A labelled native select with a watermark option; native for phones and keyboards. */
export function Select({
  id,
  label,
  value,
  options,
  onChange,
  placeholder = sl.select.placeholder,
  hideLabel,
}: SelectProps) {
  const groups = new Map<string | undefined, SelectOption[]>();
  for (const o of options) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  const render = (opts: SelectOption[]): ReactNode =>
    opts.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={value === '' ? 'is-empty' : undefined}
      >
        <option value="">{placeholder}</option>
        {[...groups.entries()].map(([g, opts]) =>
          g ? (
            <optgroup key={g} label={g}>
              {render(opts)}
            </optgroup>
          ) : (
            render(opts)
          ),
        )}
      </select>
    </div>
  );
}
