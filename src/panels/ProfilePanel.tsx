import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { LogOut } from 'lucide-react';
import { sl } from '../i18n/sl.ts';
import { session } from '../state/session.ts';
import { closePanels } from '../state/panel.ts';
import { Panel } from '../ui/Panel.tsx';
import { TabList } from '../ui/TabList.tsx';
import { signOut } from '../auth/signOut.ts';
import { MyFinds } from './MyFinds.tsx';
import { DownloadedMaps } from './DownloadedMaps.tsx';
import { Conflicts } from './Conflicts.tsx';
import { PendingChanges } from './PendingChanges.tsx';
import { Inbox } from '../review/Inbox.tsx';
import { MyDataExport } from './MyDataExport.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';

type Tab = 'mine' | 'maps';

/** 'Profil' with two tabs: 'Moj profil' and 'Prenešene karte'. */
export function ProfilePanel() {
  useSignals();
  const [tab, setTab] = useState<Tab>('mine');
  const [showMine, setShowMine] = useState(false);
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: 'mine', label: sl.profile.tabMine },
    { id: 'maps', label: sl.profile.tabMaps },
  ];
  return (
    <Panel title={sl.profile.title} onClose={closePanels}>
      <TabList
        label={sl.profile.title}
        className="tabs"
        tabClassName="tab"
        tabs={tabs.map((t) => ({ key: t.id, id: `tab-${t.id}`, controls: `tabpanel-${t.id}`, content: t.label }))}
        selected={tabs.findIndex((t) => t.id === tab)}
        onSelect={(i) => setTab(tabs[i]!.id)}
      />
      {tab === 'mine' ? (
        <div role="tabpanel" id="tabpanel-mine" aria-labelledby="tab-mine" className="form-stack">
          <p className="account">
            <span>{sl.profile.account}</span> <strong data-testid="account-email">{session.value?.email}</strong>
          </p>
          <button type="button" className="button" onClick={() => void signOut()}>
            <LogOut aria-hidden /> {sl.profile.logout}
          </button>
          <Inbox />
          <label className="check-row">
            <input type="checkbox" checked={showMine} onChange={(e) => setShowMine(e.target.checked)} />
            {sl.profile.myFinds}
          </label>
          {showMine && <MyFinds />}
          <PendingChanges />
          <Conflicts />
          <MyDataExport />
          <DeleteAccount />
        </div>
      ) : (
        <div role="tabpanel" id="tabpanel-maps" aria-labelledby="tab-maps">
          <DownloadedMaps />
        </div>
      )}
    </Panel>
  );
}
