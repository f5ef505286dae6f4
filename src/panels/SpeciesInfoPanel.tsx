import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { selectedSpeciesId } from '../state/speciesInfo.ts';
import { closePanels } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';
import { TabList } from '../ui/TabList.tsx';
import { SpeciesCard } from './SpeciesCard.tsx';

/** Species information: the catalogue by group (tabs in group colours), opened at the chosen species. */
export function SpeciesInfoPanel() {
  useSignals();
  const cat = catalogue.value;
  const selected = selectedSpeciesId.value;
  const initialGroup =
    cat?.groups.find((g) => g.species.some((s) => s.id === selected))?.id ?? cat?.groups[0]?.id ?? null;
  const [groupId, setGroupId] = useState<number | null>(initialGroup);
  useEffect(() => {
    setGroupId(initialGroup);
    if (selected !== null)
      requestAnimationFrame(() => document.getElementById(`species-${selected}`)?.scrollIntoView({ block: 'start' }));
  }, [selected, initialGroup]);
  if (!cat) return null;
  const group = cat.groups.find((g) => g.id === groupId) ?? cat.groups[0];
  return (
    <Panel title={sl.species.title} onClose={closePanels} className="wide">
      <TabList
        label={sl.species.title}
        className="group-tabs"
        tabClassName="group-tab"
        tabs={cat.groups.map((g) => ({
          key: g.id,
          id: `group-tab-${g.id}`,
          controls: 'species-tabpanel',
          style: { ['--group-color' as string]: g.color },
          content: (
            <>
              <span className="group-dot" style={{ background: g.color }} aria-hidden />
              {g.name}
            </>
          ),
        }))}
        selected={cat.groups.findIndex((g) => g.id === group?.id)}
        onSelect={(i) => setGroupId(cat.groups[i]!.id)}
      />
      {group && (
        <div role="tabpanel" id="species-tabpanel" aria-labelledby={`group-tab-${group.id}`} className="species-list">
          {group.species.map((s) => (
            <SpeciesCard key={s.id} species={s} color={group.color} highlighted={s.id === selected} />
          ))}
          <article className="species-card other" style={{ borderTopColor: cat.otherColor }}>
            {group.other.image && <img src={`/${group.other.image}`} alt="" className="other-image" loading="lazy" />}
            <div className="species-text">
              <h3>{group.other.name}</h3>
              {group.other.description && <p>{group.other.description}</p>}
            </div>
          </article>
        </div>
      )}
      {cat.imageCredit && <p className="credit muted">{cat.imageCredit}</p>}
    </Panel>
  );
}
