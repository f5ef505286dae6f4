/**
 * A person's whole data as one ZIP ('Prenesi moje podatke'), written as it is read: the finds she
 * created through the exports' own GeoJSON and CSV writers (exports/csvGeoJson.ts, scoped to her
 * with ExportScope.owner, so every column and the exact place), the attachments of those finds as
 * the stored originals, one at a time, the history and notices page by page, her account and a
 * README.txt (archiveReadme.ts). Memory holds one chunk of finds or one photo at a time: the
 * next piece is read only when the client has taken the previous ones (sendDownload).
 */
import { ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { AuthUser } from '../../auth/types.ts';
import { creatorViewer } from '../access/recordAccess.ts';
import { loadTable, type TableMeta } from '../meta/tableMeta.ts';
import { csvPieces, geoJsonPieces, type ExportLinks } from '../exports/csvGeoJson.ts';
import type { ExportQuery } from '../exports/params.ts';
import type { PhotoRef } from '../exports/query.ts';
import { zipStream } from '../exports/zipStream.ts';
import { archiveReadme } from './archiveReadme.ts';
import {
  accountOf,
  attachmentBytes,
  ownTables,
  personalAttachments,
  personalHistory,
  personalNotices,
} from './personalData.ts';

/** The archive's file name: sporoci-vrsto-moji-podatki-2026-11-28.zip. */
export function archiveFileName(now = new Date()): string {
  return `sporoci-vrsto-moji-podatki-${now.toISOString().slice(0, 10)}.zip`;
}

/** The path of attachment `photo` inside the archive: priloge/{id}-{its name, ASCII letters, digits, '.', '-', '_'}. */
export function attachmentPath(photo: Pick<PhotoRef, 'id' | 'name'>): string {
  const safe = photo.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-80);
  return `priloge/${photo.id}${safe ? `-${safe}` : ''}`;
}

/** Everything the map's filters leave alone: an owner's export takes all her finds. */
const ALL: ExportQuery = {
  state: { year: null, speciesId: null, mineOnly: false, status: null },
  extent: null,
  filters: null,
};

/** Whose archive, and what to say in it. */
export interface ArchiveSubject {
  /** Her e-mail, lower case (as records store it). */
  email: string;
  /** The caller's token user when the archive is her own (racun.json then says what the token says). */
  self: AuthUser | null;
  links: ExportLinks;
  contactEmail: string;
}

/** The archive's bytes in pieces; nothing is yielded before her account and tables have been read. */
export async function* personalArchivePieces(
  db: Db,
  who: ArchiveSubject,
  now = new Date(),
): AsyncGenerator<Uint8Array> {
  const { email } = who;
  const account = await accountOf(db, email, who.self);
  const tables: TableMeta[] = [];
  for (const t of await ownTables(db, email)) {
    // A table removed meanwhile (404) took its records with it: nothing to write.
    const meta = await loadTable(db, t.projectId, t.tableId).catch((e: unknown) => {
      if (e instanceof HttpError && e.status === 404) return null;
      throw e;
    });
    if (meta) tables.push(meta);
  }
  const findFiles = tables.map((meta) => {
    const base = tables.length === 1 ? 'najdbe' : `najdbe-${meta.table.projectId}-${meta.table.id}`;
    return { meta, tableName: meta.table.name, geojson: `${base}.geojson`, csv: `${base}.csv` };
  });

  const { zip, drain } = zipStream();
  /** A deflated text file written piece by piece from `pieces`, dated when the archive is made. */
  async function* textFile(name: string, pieces: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Uint8Array> {
    const f = new ZipDeflate(name, { level: 6 });
    f.mtime = now;
    zip.add(f);
    for await (const piece of pieces) {
      f.push(strToU8(piece));
      yield* drain();
    }
    f.push(new Uint8Array(0), true);
    yield* drain();
  }
  /** A JSON array written page by page. */
  async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
    let first = true;
    yield '[';
    for await (const page of pages) {
      if (page.length === 0) continue;
      yield `${first ? '\n' : ',\n'}${page.map((item) => JSON.stringify(item)).join(',\n')}`;
      first = false;
    }
    yield '\n]\n';
  }

  yield* textFile('README.txt', [
    archiveReadme({
      email,
      madeAt: now,
      findFiles: findFiles.map(({ tableName, geojson, csv }) => ({ tableName, geojson, csv })),
      contactEmail: who.contactEmail,
    }),
  ]);
  yield* textFile('racun.json', [`${JSON.stringify(account, null, 2)}\n`]);

  const viewer = creatorViewer(email);
  const scope = { owner: email };
  const links: ExportLinks = { ...who.links, photoRef: (_projectId, photo) => attachmentPath(photo) };
  for (const f of findFiles) {
    yield* textFile(f.geojson, geoJsonPieces(db, f.meta, ALL, viewer, links, scope));
    yield* textFile(f.csv, csvPieces(db, f.meta, ALL, viewer, links, scope));
  }

  yield* textFile(
    'priloge.json',
    jsonArray(
      (async function* () {
        for await (const page of personalAttachments(db, email))
          yield page.map((a) => ({ ...a, file: attachmentPath(a) }));
      })(),
    ),
  );
  for await (const page of personalAttachments(db, email)) {
    for (const a of page) {
      const bytes = await attachmentBytes(db, a.id);
      if (!bytes) continue;
      // Photos are compressed already: stored as they are.
      const f = new ZipPassThrough(attachmentPath(a));
      f.mtime = new Date(a.createdAt);
      zip.add(f);
      f.push(bytes, true);
      yield* drain();
    }
  }

  yield* textFile('zgodovina.json', jsonArray(personalHistory(db, email)));
  yield* textFile('obvestila.json', jsonArray(personalNotices(db, email)));
  zip.end();
  yield* drain();
}
