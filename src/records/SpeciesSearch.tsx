import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Search } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { recordForm } from '../state/recordForm.ts';
import { speciesName } from '../ui/species.ts';
import { COL } from '../../domain/columns.ts';
import type { SpeciesHit } from '../../worker/api.ts';
import { chooseSpecies, findSpecies } from './speciesSearch.ts';

/** The text a hit shows: its Slovenian name, or 'Drugo (skupina)' for a group's 'other' entry. */
function label(h: SpeciesHit): string {
  return h.other ? sl.field.otherInGroup(h.groupName) : h.name;
}

/**
 * One field that finds a species by its Slovenian or Latin name across all groups and sets the
 * group and the species: the ARIA 1.2 combobox pattern (an input with role combobox and a listbox
 * of options; arrows move, Enter chooses, Escape closes). Matching runs in the data core.
 */
export function SpeciesSearch() {
  useSignals();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [hits, setHits] = useState<SpeciesHit[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = open && hits.length > 0;
  const f = recordForm.value;
  const speciesId = f?.values[String(COL.species)] ?? '';
  const chosen = speciesId ? speciesName(catalogue.value, { [COL.species]: Number(speciesId) }) : '';
  const group = catalogue.value?.groups.find((g) => String(g.id) === f?.values[String(COL.group)]);

  const search = (q: string): void => {
    void findSpecies(q).then((found) => {
      if (found === null) return;
      setHits(found);
      setActive(found.length ? 0 : -1);
    });
  };
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (h: SpeciesHit): void => {
    chooseSpecies(h);
    setText('');
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        search(text);
        return;
      }
      if (hits.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + hits.length) % hits.length);
    } else if (e.key === 'Enter') {
      // Enter chooses; it never submits the form from this field.
      e.preventDefault();
      const h = open ? hits[active] : undefined;
      if (h) choose(h);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only; the form's own Escape (close the form) waits for the next one.
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="field species-search">
      <label htmlFor={id}>{sl.field.speciesSearch}</label>
      <div className="combo-input">
        <Search aria-hidden className="combo-icon" />
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-describedby={`${id}-hint`}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            search(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={sl.field.speciesSearch}
        className="combo-list"
        hidden={!shown}
      >
        {hits.map((h, i) => (
          <li
            key={`${h.groupId}-${h.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="combo-option"
            // Keeps the focus in the input (a blur would close the list before the click).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(h)}
          >
            <span className="combo-name">{label(h)}</span>
            <span className="combo-detail">
              {h.other ? h.name : <i lang="la">{h.latin}</i>} · {h.groupName}
            </span>
          </li>
        ))}
      </ul>
      <p id={`${id}-hint`} className="field-hint">
        {chosen && group ? sl.field.speciesChosen(chosen, group.name) : sl.field.speciesSearchHint}
      </p>
      <p className={shown || !open || !text.trim() ? 'visually-hidden' : 'field-hint'} role="status">
        {open ? (hits.length ? sl.field.speciesSearchCount(hits.length) : sl.field.speciesSearchNone) : ''}
      </p>
    </div>
  );
}
