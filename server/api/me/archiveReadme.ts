/**
 * README.txt of a personal data archive (archive.ts): in Slovenian, what each file holds and in
 * which open format, for the person who asked for her data.
 */

/** The files of an archive whose names depend on her data. */
export interface ArchiveListing {
  email: string;
  /** When the archive was made. */
  madeAt: Date;
  /** The finds' files, per table: its name and the two files. */
  findFiles: { tableName: string; geojson: string; csv: string }[];
  /** The project's contact e-mail. */
  contactEmail: string;
}

/** The README.txt text (CRLF line ends, so that Notepad shows it too). */
export function archiveReadme(l: ArchiveListing): string {
  const finds =
    l.findFiles.length === 0
      ? ['(Na platformi ni nobene vaše najdbe, zato datotek z najdbami ni.)']
      : l.findFiles.flatMap((f) => [
          `${f.geojson}`,
          `    Vaše najdbe iz tabele »${f.tableName}« v obliki GeoJSON (RFC 7946, koordinate WGS84):`,
          '    vsi stolpci, natančna mesta (tudi za občutljive vrste, saj so najdbe vaše),',
          '    arhivirane najdbe so označene v polju »Arhivirana«. Odpre jo npr. QGIS.',
          `${f.csv}`,
          '    Iste najdbe v obliki CSV (UTF-8, ločilo podpičje, za Excel in LibreOffice),',
          '    s koordinatami D96/TM (E, N) in WGS84.',
        ]);
  const lines = [
    'Sporoči vrsto: vaši podatki',
    '===========================',
    '',
    `Račun: ${l.email}`,
    `Izdelano: ${l.madeAt.toISOString()} (UTC)`,
    '',
    'Ta arhiv ZIP vsebuje vse, kar platforma Sporoči vrsto hrani o vas. Vse datoteke so v',
    'odprtih oblikah (GeoJSON, CSV, JSON) in kodirane v UTF-8.',
    '',
    'Datoteke',
    '--------',
    '',
    'README.txt',
    '    To besedilo.',
    'racun.json',
    '    Vaš račun: e-pošta, ime, vloge (npr. pregledovalec skupine) in od kod so podatki',
    '    (račun pri vgrajenem ponudniku identitete ali samo podatki iz vaše prijave).',
    ...finds,
    'priloge.json',
    '    Seznam fotografij in drugih prilog vaših najdb: številka priloge, številka najdbe,',
    '    izvirno ime, vrsta datoteke, velikost, čas nalaganja in pot do datoteke v tem arhivu.',
    'priloge/',
    '    Fotografije in druge priloge, kot ste jih naložili (izvirniki z vsemi metapodatki).',
    'zgodovina.json',
    '    Zgodovina vaših najdb (vsaka sprememba s staro in novo vrednostjo, ocene in',
    '    komentarji pregledovalcev) in vse, kar ste sami naredili na katerikoli najdbi',
    '    (vaši komentarji, spremembe, ocene). Komentarji so vnosi z "kind": "comment".',
    'obvestila.json',
    '    Vaša obvestila: kar so drugi naredili z vašimi najdbami (ocene, popravki vrste,',
    '    komentarji, arhiviranje). Ali ste obvestilo že videli, hrani samo vaša naprava.',
    '',
    'Vrednosti v stolpcih so zapisane s slovenskimi imeni stolpcev; pri izbirnih poljih je',
    'zapisano besedilo izbire. Časi so v UTC (ISO 8601).',
    '',
    `Vprašanja in zahteve za izbris: ${l.contactEmail}`,
    '',
  ];
  return lines.join('\r\n');
}
