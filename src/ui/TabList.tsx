import type { CSSProperties, ReactNode } from 'react';
import { onTabListKey } from './tabKeys.ts';

/** One tab of TabList. */
export interface TabItem {
  /** The React key. */
  key: string | number;
  /** The tab button's id (its tabpanel's aria-labelledby). */
  id: string;
  /** The id of the tabpanel the tab shows. */
  controls: string;
  content: ReactNode;
  style?: CSSProperties;
}

/** Props of TabList. */
export interface TabListProps {
  /** The tablist's aria-label. */
  label: string;
  className: string;
  /** The class of every tab button. */
  tabClassName: string;
  tabs: TabItem[];
  /** The index of the chosen tab (-1: none). */
  selected: number;
  onSelect: (index: number) => void;
}

/** An ARIA tablist: only the chosen tab is in the tab order; ← → Home End choose and focus a tab. */
export function TabList({ label, className, tabClassName, tabs, selected, onSelect }: TabListProps) {
  return (
    <div
      role="tablist"
      className={className}
      aria-label={label}
      onKeyDown={(e) => onTabListKey(e, selected, tabs.length, onSelect)}
    >
      {tabs.map((t, i) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          id={t.id}
          aria-selected={i === selected}
          tabIndex={i === selected ? 0 : -1}
          aria-controls={t.controls}
          className={tabClassName}
          style={t.style}
          onClick={() => onSelect(i)}
        >
          {t.content}
        </button>
      ))}
    </div>
  );
}
