import { sl } from '../i18n/sl.ts';
import { catalogue } from '../state/appData.ts';
import { formatDateSl } from '../ui/format.ts';
import { speciesName } from '../ui/species.ts';
import { COL } from '../../domain/columns.ts';
import type { Feature } from '../../domain/model.ts';

/** One compared field: its label and how each version shows it. */
interface Row {
  label: string;
  mine: string;
  theirs: string;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

function status(v: unknown): string {
  return sl.offline.statusNames[Number(v)] ?? text(v);
}

function place(f: Feature): string {
  const c = f.geometry?.type === 'Point' ? (f.geometry.coordinates as number[]) : null;
  return c ? `${Math.round(c[0]!)},${Math.round(c[1]!)}` : '';
}

/** The fields in which the user's version and the server's differ, as the user reads them. */
export function differingFields(mine: Feature, theirs: Feature): Row[] {
  const cat = catalogue.value;
  const a = mine.properties;
  const b = theirs.properties;
  const rows: Row[] = [
    { label: sl.records.species, mine: speciesName(cat, a), theirs: speciesName(cat, b) },
    { label: sl.records.date, mine: formatDateSl(a[COL.date]), theirs: formatDateSl(b[COL.date]) },
    { label: sl.records.count, mine: text(a[COL.count]), theirs: text(b[COL.count]) },
    { label: sl.records.habitat, mine: text(a[COL.habitat]), theirs: text(b[COL.habitat]) },
    {
      label: sl.records.locationDescription,
      mine: text(a[COL.locationDescription]),
      theirs: text(b[COL.locationDescription]),
    },
    { label: sl.records.comments, mine: text(a[COL.comments]), theirs: text(b[COL.comments]) },
    { label: sl.offline.status, mine: status(a[COL.status]), theirs: status(b[COL.status]) },
  ];
  const out = rows.filter((r) => r.mine !== r.theirs);
  if (place(mine) !== place(theirs))
    out.push({ label: sl.records.location, mine: sl.offline.placeMine, theirs: sl.offline.placeTheirs });
  return out;
}

/** The user's change and the server's newer version of a record, side by side (only what differs). */
export function ConflictVersions({ mine, theirs }: { mine: Feature | null; theirs: Feature }) {
  const rows = mine ? differingFields(mine, theirs) : [];
  if (mine && rows.length === 0) return <p className="muted">{sl.offline.sameFields}</p>;
  if (!mine) return null;
  return (
    <table className="conflict-versions">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{sl.offline.mine}</th>
          <th scope="col">{sl.offline.theirs}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td>{r.mine}</td>
            <td>{r.theirs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
