/**
 * Every user-visible string of the app, in Slovenian. Texts the product's specification gives are verbatim;
 * the rest are ours.
 * Over 300 lines on purpose: the project keeps every string in this one module (one place to
 * translate and review); it holds data only, grouped by screen.
 */
import { PRIVACY_SECTIONS, PRIVACY_TITLE } from '../../domain/privacy.ts';

export const sl = {
  appTitle: 'Sporoči vrsto',
  loading: 'Nalaganje',
  version: '1.1.2',
  /** The installed app's description (web app manifest). */
  appDescription: 'Sporočite najdbe redkih, zavarovanih in invazivnih vrst v Sloveniji, tudi brez povezave.',

  header: {
    filters: 'Filtri',
    about: 'O aplikaciji',
    profile: 'Uporabnik',
    titleHome: 'Na začetek (zapre odprte plošče)',
    offline: 'Brez povezave',
    offlineHint: 'Ni povezave s strežnikom. Delate s shranjenimi podatki.',
  },

  panel: {
    close: 'Zapri',
  },

  about: {
    title: 'O projektu',
    purpose:
      'Sporoči vrsto je aplikacija za sporočanje najdb izbranih redkih, zavarovanih in invazivnih tujerodnih rastlinskih in živalskih vrst v Sloveniji. Vaše najdbe s fotografijo pregledajo strokovnjaki in postanejo del podatkov, ki pomagajo pri varstvu narave. Pogostih vrst ne zbiramo.',
    offlineNote:
      'Aplikacija deluje tudi brez povezave: prenesite karto območja in najdbe sporočite, ko ste spet na zvezi.',
    contact: 'Kontakt',
    versionLabel: 'Različica',
    privacy: 'Zasebnost',
    privacyHint: 'Kaj hranimo o vas, kdo to vidi in kako podatke prenesete ali izbrišete',
  },

  /** 'Zasebnost' (domain/privacy.ts holds the text, shared with the server's /zasebnost page). */
  privacy: {
    title: PRIVACY_TITLE,
    sections: PRIVACY_SECTIONS,
    back: 'Nazaj na O projektu',
  },

  /** 'Prenesi moje podatke' in the profile: everything about the signed-in person as one ZIP. */
  myData: {
    title: 'Moji podatki',
    hint: 'Vse, kar hranimo o vas, v eni datoteki ZIP: najdbe z natančnimi mesti (GeoJSON in CSV), fotografije, zgodovina, komentarji, obvestila in podatki o računu.',
    download: 'Prenesi moje podatke',
    busy: 'Pripravljam vaše podatke …',
    progress: (mb: number): string =>
      `Pripravljam vaše podatke … prenesenih ${mb.toLocaleString('sl-SI', { maximumFractionDigits: 1 })} MB`,
    done: (fileName: string): string => `Vaši podatki so shranjeni: ${fileName}`,
    failed: 'Prenos vaših podatkov ni uspel.',
    tooMany: 'Podatke ste v zadnji uri prenesli že večkrat. Poskusite znova pozneje.',
    offline: 'Za prenos podatkov potrebujete povezavo.',
    privacyLink: 'Zasebnost',
  },

  map: {
    tilesLoading: 'Nalagam karto …',
    /** The first visit's load of all finds (the device keeps them for later starts). */
    layerLoading: (percent: number): string => `Nalagam najdbe … ${percent} %`,
    layerLoadingBytes: (mb: number): string =>
      `Nalagam najdbe … ${mb.toLocaleString('sl-SI', { maximumFractionDigits: 1 })} MB`,
    layerLoadingLabel: 'Naloženi delež najdb',
    zoomIn: 'Povečaj',
    zoomOut: 'Pomanjšaj',
    locate: 'Moja lokacija',
    stopLocate: 'Ustavi sledenje lokaciji',
    layers: 'Podlage',
    baseOrtho: 'Ortofoto',
    baseTopo: 'Topografska karta',
    hillshade: 'Senčenje reliefa',
    sightings: 'Najdbe',
    downloadedAreas: 'Prenešena območja',
    locationError: 'Lokacije ni bilo mogoče določiti.',
    locationDenied: 'Dostop do lokacije ni dovoljen. Dovolite ga v nastavitvah brskalnika.',
    loadError: 'Najdb ni bilo mogoče naložiti.',
    keyboardHelp:
      'Puščice premikajo karto, + in − jo povečata in pomanjšata, N in P izbereta naslednjo ali prejšnjo najdbo na vidnem delu karte, Enter odpre podatke o mestu v središču karte.',
    keyboardFind: (i: number, n: number): string =>
      `Najdba ${i} od ${n} na vidnem delu karte. Enter odpre njene podatke.`,
    keyboardNoFinds: 'Na vidnem delu karte ni najdb.',
    keyboardPicked: 'Lokacija najdbe je izbrana v središču karte.',
    linkNotFound: (id: number): string => `Najdbe ${id} ni na karti: izbrisana je, ni javna ali pa jo skrivajo filtri.`,
  },

  filters: {
    title: 'Filtri',
    species: 'Vrsta',
    year: 'Leto',
    reset: 'Ponastavi',
    mineOnly: 'Samo moje najdbe',
    browseSpecies: 'Pregled vrst',
    emptyResult: 'Nobena najdba ne ustreza izbranim filtrom.',
    clearAll: 'Počisti filtre',
  },

  /** 'Izvozi' in the filters panel (issue #21): what the map shows, as a file. */
  exportFinds: {
    title: 'Izvozi',
    hint: 'Najdbe, ki jih karta prikazuje zdaj (vidni del karte in izbrani filtri). Najdbe varovanih vrst so v izvozu v središču kvadrata, tako kot na karti.',
    geojson: 'GeoJSON',
    geojsonLabel: 'Izvozi prikazane najdbe kot GeoJSON (za GIS)',
    csv: 'CSV',
    csvLabel: 'Izvozi prikazane najdbe kot CSV (za Excel)',
    busy: 'Pripravljam izvoz …',
    done: (fileName: string): string => `Izvoz je shranjen: ${fileName}`,
    failed: 'Izvoz ni uspel.',
  },

  backup: {
    title: 'Varnostna kopija čakajočih sprememb',
    hint: 'Čakajoče spremembe so shranjene le v tem brskalniku: brskalnik jih lahko izbriše (Safari po 7 dneh brez uporabe), izgubijo se tudi s pokvarjenim telefonom. Shranite jih s fotografijami v datoteko in jo po potrebi uvozite v drug brskalnik.',
    export: 'Izvozi čakajoče spremembe',
    import: 'Uvozi',
    importLabel: 'Uvozi čakajoče spremembe iz datoteke',
    exporting: 'Pripravljam datoteko …',
    exported: (fileName: string): string => `Datoteka je shranjena: ${fileName}`,
    importing: 'Uvažam …',
    imported: (n: number): string =>
      n % 100 === 1
        ? `Uvožena ${n} čakajoča sprememba.`
        : n % 100 === 2
          ? `Uvoženi ${n} čakajoči spremembi.`
          : n % 100 === 3 || n % 100 === 4
            ? `Uvožene ${n} čakajoče spremembe.`
            : `Uvoženih ${n} čakajočih sprememb.`,
    alreadyHere: (n: number): string => `Že v tem brskalniku (niso dodane znova): ${n}.`,
    skipped: (n: number): string => `Izpuščene, ker ta brskalnik že ima čakajočo spremembo iste najdbe: ${n}.`,
    refused: {
      notBackup: 'Datoteka ni varnostna kopija čakajočih sprememb ali pa je poškodovana. Nič ni spremenjeno.',
      newerFormat:
        'Datoteko je naredila novejša različica aplikacije. Osvežite stran in poskusite znova. Nič ni spremenjeno.',
      otherProject: 'Datoteka je iz drugega projekta. Nič ni spremenjeno.',
      signedOut: 'Za izvoz in uvoz čakajočih sprememb se prijavite.',
    },
    otherUser: (email: string): string =>
      `Datoteko je naredil drug uporabnik (${email}). Uvozite jo lahko le, ko ste prijavljeni z njegovim računom. Nič ni spremenjeno.`,
    exportFailed: 'Izvoz ni uspel.',
    importFailed: 'Uvoz ni uspel. Nič ni spremenjeno.',
  },

  shortInfo: {
    title: 'Na tem mestu',
    e: 'E',
    n: 'N',
    wgs84: 'WGS84',
    wgs84Hint: 'Zemljepisna širina in dolžina (za naprave GPS)',
    mgrs: 'MGRS',
    mgrsHint: 'Vojaški koordinatni sistem MGRS, natančnost 1 m',
    find: 'Najdba',
    gid: 'GID',
    group: 'Skupina',
    species: 'Vrsta',
    date: 'Datum najdbe',
    photo: 'Slika',
    noPhoto: 'Brez fotografije',
    openPhoto: 'Odpri fotografijo v polni velikosti',
    photoOf: (name: string, n: number, count: number): string => (count > 1 ? `${name} (${n} od ${count})` : name),
    openPhotoN: (n: number, count: number): string => `Odpri fotografijo ${n} od ${count}`,
    edit: 'Uredi',
    copyLink: 'Kopiraj povezavo do najdbe',
    linkCopied: 'Povezava do najdbe je kopirana.',
    noFeatures: 'Na tem mestu ni najdb. Kliknite na barvno točko.',
    speciesInfo: (name: string): string => `Podatki o vrsti ${name}`,
    /** A sensitive species' find shown in its national-grid square (issue #21); `side` in metres. */
    generalised: (side: number): string => `Lokacija je zaradi varstva vrste prikazana v kvadratu ${side / 1000} km`,
    /** Offline, a find only the device's copy of the layer holds: its other fields and photos are on the server. */
    basicOnly:
      'Brez povezave: prikazani so le osnovni podatki najdbe. Vse podatke in fotografije boste videli, ko boste spet povezani.',
    /** Its photo, which only the server has (whether it has one is not known offline). */
    photoOffline: 'Ni na voljo brez povezave',
    /** Why editing such a find waits for a connection. */
    editNeedsConnection: 'Najdbo boste lahko uredili, ko boste spet povezani.',
  },

  species: {
    title: 'Vrste',
    readMore: 'Preberi več',
    readMoreHint: 'odpre se v novem zavihku',
    gallery: 'Slike',
    info: 'Podatki o vrsti',
    imageOf: (name: string, i: number): string => `${name}, slika ${i}`,
    other: 'Druge vrste te skupine',
  },

  gallery: {
    title: 'Galerija',
    prev: 'Prejšnja slika',
    next: 'Naslednja slika',
    close: 'Zapri',
    counter: (i: number, n: number): string => `${i} / ${n}`,
  },

  select: {
    placeholder: '---Izberi---',
  },

  profile: {
    title: 'Profil',
    tabMine: 'Moj profil',
    tabMaps: 'Prenešene karte',
    account: 'Uporabniški račun:',
    logout: 'Odjava',
    myFinds: 'Moje najdbe',
    deleteAccount: {
      open: 'Izbriši račun',
      title: 'Izbriši račun',
      explain:
        'Vaš račun bo izbrisan za vedno. Najdbe, ki še čakajo na pregled ali niso bile potrjene, bodo izbrisane. ' +
        'Iz najdb, ki ostanejo, izbrišemo vaše ime, e-pošto in komentarje; v zgodovini sprememb boste navedeni kot »izbrisan uporabnik«. ' +
        'Odjavljeni boste na vseh napravah, podatki na tej napravi pa bodo izbrisani.',
      findsLegend: 'Kaj naj se zgodi s potrjenimi najdbami?',
      keep: 'Ohrani jih brez mojega imena (za znanost)',
      all: 'Izbriši vse moje najdbe',
      next: 'Nadaljuj',
      cancel: 'Prekliči',
      confirmTitle: 'Ste prepričani?',
      confirmExplain: (email: string): string =>
        `Tega ni mogoče razveljaviti. Za potrditev vpišite svoj e-poštni naslov (${email}).`,
      confirmLabel: 'E-poštni naslov',
      confirmMismatch: 'Vpisani naslov se ne ujema z vašim.',
      confirm: 'Dokončno izbriši račun',
      working: 'Brišem račun …',
      offline: 'Za brisanje računa morate biti povezani s spletom.',
      failed: 'Računa ni bilo mogoče izbrisati. Poskusite znova.',
      done: 'Vaš račun je izbrisan.',
      erasedTitle: 'Račun je izbrisan',
      erasedDetail: 'Odjavljeni ste, podatki na tej napravi so odstranjeni.',
      signInAgain: 'Prijava z drugim računom',
    },
    species: 'Vrsta',
    date: 'Datum',
    zoomTo: 'Približaj na karti',
    noFinds: 'Nimate še nobene najdbe.',
    sortLabel: 'Razvrsti',
    sortOrders: { newest: 'Najnovejše najprej', oldest: 'Najstarejše najprej', species: 'Po vrsti (abecedno)' },
    noMaps: 'Nimate še prenešenih kart.',
    rename: 'Preimenuj',
    renameLabel: 'Ime karte',
    deleteMap: 'Izbriši karto',
    showOnMap: 'Pokaži na karti',
    mapInfo: (tiles: number, mb: number): string =>
      `${tiles.toLocaleString('sl-SI')} ploščic, ${mb.toLocaleString('sl-SI', { maximumFractionDigits: 1 })} MB`,
    downloadNew: 'Prenesi novo karto',
    downloadedName: (id: number): string => `Prenešena karta ${id}`,
    confirmDelete: (name: string): string => `Potrdite brisanje: ${name}`,
  },

  review: {
    /** STATUS names (domain/statuses.ts) as the chips show them. */
    status: { 5: 'Čaka na pregled', 3: 'Potrebna dopolnitev', 1: 'Potrjeno', 2: 'Zavrnjeno' } as Record<number, string>,
    statusLabel: 'Status',
    /** The chip of a find nobody has reviewed yet (empty STATUS). */
    reason: 'Razlog',
    question: 'Vprašanje pregledovalca',
    answerHint: 'Ko shranite spremembe, gre najdba znova v pregled.',
    history: 'Zgodovina',
    historyEmpty: 'Ni zapisov.',
    historyOffline: 'Zgodovina je na voljo, ko je naprava povezana.',
    historyError: 'Zgodovine ni bilo mogoče naložiti.',
    kinds: {
      create: 'Najdba sporočena',
      edit: 'Najdba spremenjena',
      photo: 'Fotografija spremenjena',
      verdict: 'Odločitev',
      species: 'Vrsta popravljena',
      comment: 'Komentar',
      archive: 'Arhivirano',
      restore: 'Obnovljeno',
      delete: 'Izbrisano',
    } as Record<string, string>,
    byWhom: (who: string, when: string): string => `${who}, ${when}`,
    unknownActor: 'sistem',
    /** Who made an entry whose account was deleted (docs/account-deletion.md). */
    erasedActor: 'izbrisan uporabnik',
    speciesChange: (from: string, to: string): string => `Vrsta: ${from} → ${to}`,
    statusChange: (to: string): string => `Status: ${to}`,
    commentLabel: 'Dodaj komentar',
    commentSend: 'Pošlji komentar',
    commentSent: 'Komentar je dodan.',
    commentEmpty: 'Vpišite komentar.',
    // Reviewer actions
    confirm: 'Potrdi',
    reject: 'Zavrni',
    ask: 'Zahtevaj dopolnitev',
    reopen: 'Ponovno odpri',
    correctSpecies: 'Popravi vrsto',
    correctSpeciesLabel: 'Pravilna vrsta',
    reasonLabel: 'Razlog zavrnitve',
    questionLabel: 'Kaj naj poročevalec dopolni?',
    reopenLabel: 'Zakaj ponovno odpirate odločitev?',
    noteRequired: 'To polje je obvezno.',
    send: 'Pošlji',
    cancel: 'Prekliči',
    done: (status: string): string => `Odločitev je shranjena: ${status}.`,
    speciesDone: 'Vrsta je popravljena.',
    stale: 'Najdbo je medtem nekdo spremenil. Prikazana je njena trenutna različica; odločite se znova.',
    needsConnection: 'Pregled je mogoč le s povezavo.',
    failed: 'Odločitve ni bilo mogoče shraniti.',
    originalSpecies: 'Prvotno sporočena vrsta',
    reporter: 'Poročevalec',
    // The queue (#/pregled)
    queueTitle: 'Pregled najdb',
    queueLink: 'Pregled',
    queueLinkHint: 'Najdbe, ki čakajo na vaš pregled',
    queueEmpty: 'Ni najdb, ki bi ustrezale izbiri.',
    queueCount: (shown: number, total: number): string =>
      `${shown.toLocaleString('sl-SI')} od ${total.toLocaleString('sl-SI')}`,
    queueGroup: 'Skupina',
    queueSpecies: 'Vrsta',
    queueFrom: 'Od datuma',
    queueTo: 'Do datuma',
    queueArea: 'Samo na vidnem delu karte',
    allGroups: 'Vse moje skupine',
    allSpecies: 'Vse vrste',
    previous: 'Prejšnja najdba',
    next: 'Naslednja najdba',
    more: 'Naloži več',
    backToMap: 'Nazaj na karto',
    keysHint: 'Tipke: J naslednja, K prejšnja, P potrdi, Z zavrni, D zahtevaj dopolnitev',
    notReviewer: 'Pregled najdb je namenjen pregledovalcem. Vaš račun nima te vloge.',
    position: (i: number, n: number): string => `Najdba ${i.toLocaleString('sl-SI')} od ${n.toLocaleString('sl-SI')}`,
    // The inbox
    inbox: 'Obvestila',
    inboxEmpty: 'Ni novih obvestil o vaših najdbah.',
    inboxCount: (n: number): string =>
      n === 1
        ? '1 novo obvestilo'
        : n === 2
          ? '2 novi obvestili'
          : n <= 4
            ? `${n} nova obvestila`
            : `${n} novih obvestil`,
    inboxItem: (kind: string, species: string): string => `${kind}: ${species}`,
    openFind: 'Pokaži najdbo',
    legendTitle: 'Legenda',
    legendWaiting: 'Čaka na pregled (svetlejša)',
    legendConfirmed: 'Potrjena',
    legendRejected: 'Zavrnjena (vidite jo le vi in pregledovalci)',
  },

  download: {
    title: 'Prenos karte',
    back: 'Nazaj na karto',
    intro: 'Premaknite in povečajte karto, da je območje, ki ga potrebujete na terenu, znotraj okvirja.',
    minZoom: 'Od merila (povečava)',
    maxZoom: 'Do merila (povečava)',
    zoomOption: (z: number, hint: string): string => `${z} – ${hint}`,
    zoomHints: {
      8: 'cela Slovenija',
      10: 'regija',
      12: 'občina',
      14: 'dolina',
      15: 'naselje',
      16: 'gozdne poti',
      17: 'posamezna drevesa',
      18: 'največja podrobnost',
    } as Record<number, string>,
    tiles: 'Ploščic karte',
    size: 'Ocenjena velikost',
    features: 'Najdb na območju',
    free: 'Prostor v brskalniku',
    unknown: 'ni podatka',
    estimating: 'Računam …',
    overCap: (cap: number): string =>
      `Območje je preveliko: največ ${cap.toLocaleString('sl-SI')} ploščic. Zmanjšajte območje ali najvišjo povečavo.`,
    notEnoughSpace: 'V brskalniku verjetno ni dovolj prostora za to območje.',
    start: 'Prenesi',
    cancel: 'Prekliči prenos',
    progress: (done: number, total: number): string =>
      `${done.toLocaleString('sl-SI')} / ${total.toLocaleString('sl-SI')} ploščic`,
    megabytes: (mb: number): string => `${mb.toLocaleString('sl-SI', { maximumFractionDigits: 1 })} MB`,
    timeLeft: (s: number): string => (s < 60 ? `še ${Math.max(1, Math.round(s))} s` : `še ${Math.round(s / 60)} min`),
    done: 'Karta je prenesena. Na voljo je tudi brez povezave.',
    preparingApp: 'Karta je prenesena. Pripravljam aplikacijo za delo brez povezave …',
    cancelled: 'Prenos je preklican. Že prenešeni del ostane shranjen.',
    failed: 'Prenos ni uspel. Že prenešeni del ostane shranjen; poskusite znova.',
    paused: 'Povezava je prekinjena. Prenos se nadaljuje, ko bo povezava spet na voljo.',
    offline: 'Za prenos karte potrebujete povezavo.',
    running: 'Prenašam …',
  },

  offline: {
    pending: (n: number): string =>
      n === 1
        ? '1 sprememba čaka'
        : n === 2
          ? '2 spremembi čakata'
          : n < 5
            ? `${n} spremembe čakajo`
            : `${n} sprememb čaka`,
    syncNow: 'Sinhroniziraj zdaj',
    syncing: 'Pošiljam spremembe …',
    synced: 'Vse spremembe so poslane na strežnik.',
    conflictsTitle: 'Spremembe, ki jih strežnik ni sprejel',
    pendingTitle: 'Spremembe, ki čakajo na pošiljanje',
    storageAtRisk:
      'Brskalnik ni dovolil trajne hrambe: ko mu zmanjka prostora, lahko izbriše neposlane najdbe in prenesene karte. Pošljite spremembe takoj, ko boste imeli povezavo. Trajno hrambo brskalnik običajno dovoli, ko aplikacijo namestite na začetni zaslon.',
    kindNames: { create: 'Nova najdba', update: 'Sprememba', delete: 'Izbris' } as Record<
      'create' | 'update' | 'delete',
      string
    >,
    stateQueued: 'Čaka',
    stateUploading: 'Pošiljam …',
    stateFailed: (at: string): string => `Ni uspelo, poskusim znova ob ${at}`,
    retry: 'Poskusi znova',
    discardTitle: 'Zavrzi spremembo',
    discardQuestion: (what: string): string =>
      `Zavržem spremembo »${what}«? Na strežnik ne bo poslana in je ni mogoče obnoviti.`,
    withPhoto: 's fotografijo',
    conflictReason: (reason: string): string => `Razlog: ${reason}`,
    discard: 'Zavrzi',
    saveAsNew: 'Shrani kot novo',
    changedMeanwhile:
      'Najdbo je medtem na strežniku spremenil še nekdo (ali vi v drugi napravi). Izberite, katera različica naj velja.',
    deletedChangedMeanwhile:
      'Najdba, ki ste jo izbrisali, je bila medtem na strežniku spremenjena. Jo res želite izbrisati?',
    mine: 'Vaša sprememba',
    theirs: 'Na strežniku',
    keepMine: 'Obdrži mojo',
    keepTheirs: 'Obdrži strežniško',
    deleteAnyway: 'Vseeno izbriši',
    sameFields: 'Polja so enaka; razlikuje se le različica zapisa.',
    placeMine: 'kot ste jo označili',
    placeTheirs: 'drugje',
    status: 'Stanje',
    statusNames: { 1: 'Potrjeno', 2: 'Zavrnjeno', 5: 'Čaka na pregled' } as Record<number, string>,
    savedOffline: 'Zapis je shranjen v napravi in bo poslan, ko bo povezava spet na voljo.',
    needsLogin: 'Za pošiljanje sprememb se znova prijavite.',
    logoutPending:
      'Nekatere spremembe še niso poslane na strežnik. Odjavite se, ko bodo poslane, sicer jih boste izgubili.',
  },

  notice: {
    header: 'Obvestilo',
    newVersion:
      'Objavljenja je nova verzija aplikacije. Potrebna je osvežitev strani. Aplikacija bo za nekaj trenutkov ne odzivna.',
    close: 'Zapri obvestilo',
    repeats: (n: number): string => ` (${n}×)`,
    ok: 'V redu',
    refresh: 'Osveži',
  },

  records: {
    createFailed: 'Pri dodajanju zapisa je prišlo do napake',
    updateFailed: 'Pri shranjevanju zapisa je prišlo do napake',
    photoFailed: 'Pri shranjevanju fotografije je prišlo do napake',
    deleteFailed: 'Pri brisanju zapisa je prišlo do napake',
    created: 'Zapis je bil uspešno dodan',
    updated: 'Zapis je bil uspešno posodobljen',
    deleted: 'Zapis je pobrisan',
    saving: 'Shranjujem... Prosimo, počakajte.',
    uploadingPhoto: 'Nalagam fotografijo... Prosimo, počakajte.',
    add: 'Dodaj najdbo',
    newTitle: 'Nova najdba',
    editTitle: 'Uredi najdbo',
    group: 'Skupina',
    species: 'Vrsta',
    speciesFirstGroup: 'Najprej izberite skupino',
    date: 'Datum najdbe',
    count: 'Število',
    unit: 'Enota',
    habitat: 'Habitat',
    habitatHint: 'npr. bukov gozd, mokrotni travnik, kraški izvir',
    locationDescription: 'Opis lokacije',
    locationDescriptionHint: 'npr. ob gozdni cesti 200 m nad mostom',
    comments: 'Komentarji',
    accuracy: 'Natančnost lokacije',
    findingType: 'Tip najdbe',
    finder: 'Najditelj',
    location: 'Lokacija',
    locationNone: 'Lokacija še ni izbrana.',
    locationPick: 'Izberi na karti',
    locationPicking: 'Tapnite na karto, kjer ste vrsto našli …',
    locationPickingKeys: 'S tipkovnico: premaknite karto s puščicami, da je mesto pod križcem, in pritisnite Enter.',
    locationUseCentre: 'Uporabi središče karte',
    locationMine: 'Moja lokacija',
    locationFromPhoto: 'Lokacija iz fotografije',
    locationFromPhotoSet: 'Lokacija je vzeta iz podatkov GPS fotografije.',
    locationLocating: 'Določam lokacijo …',
    photo: 'Fotografije',
    photoPick: 'Izberi fotografije',
    photoCamera: 'Posnemi',
    photoCount: (n: number, max: number): string => `${n} od ${max}`,
    photoHint: 'JPG ali PNG, do 10 fotografij. Lokacijo in datum preberemo iz fotografije, če ju vsebuje.',
    photoListHint: 'Izberite fotografijo, da jo premaknete, nastavite kot naslovno ali odstranite.',
    photoThumb: (n: number, count: number, cover: boolean): string =>
      `Fotografija ${n} od ${count}${cover ? ', naslovna' : ''}`,
    photoLeft: 'Levo',
    photoRight: 'Desno',
    photoMoveLeft: (n: number): string => `Premakni ${n}. fotografijo levo`,
    photoMoveRight: (n: number): string => `Premakni ${n}. fotografijo desno`,
    photoCover: 'Naslovna',
    photoMakeCover: (n: number): string => `Nastavi ${n}. fotografijo kot naslovno`,
    photoIsCover: (n: number): string => `${n}. fotografija je naslovna`,
    photoRemove: 'Odstrani',
    photoRemoveLabel: (n: number): string => `Odstrani ${n}. fotografijo`,
    photoRemoveHeader: 'Odstrani fotografijo',
    photoRemoveConfirm: 'Fotografija bo odstranjena z najdbe, ko shranite spremembe.',
    photoTooMany: (max: number): string => `Najdba ima lahko največ ${max} fotografij; odvečnih nismo dodali.`,
    photoOfflineLayout:
      'Fotografij, ki so že na strežniku, brez povezave ni mogoče odstraniti ali premakniti. Shranite znova, ko boste povezani.',
    photoWrongType: 'Izberite fotografijo v obliki JPG ali PNG.',
    photoReading: 'Berem fotografijo …',
    photoNoGps: 'Fotografija nima podatkov o lokaciji. Izberite lokacijo na karti.',
    photoNoGpsKeep: 'Fotografija nima podatkov o lokaciji. Lokacija najdbe ostane nespremenjena.',
    photoDiffers: (place: boolean, date: string | null): string =>
      `Nova fotografija ima ${[place ? 'drugo lokacijo' : '', date ? `drug datum (${date})` : ''].filter(Boolean).join(' in ')} kot najdba. Kaj naj velja?`,
    photoTake: 'Uporabi s fotografije',
    photoKeep: 'Obdrži sedanje',
    save: 'Shrani',
    cancel: 'Prekliči',
    delete: 'Izbriši',
    deleteConfirmTitle: 'Izbris najdbe',
    deleteConfirm: 'Ali res želite izbrisati to najdbo? Tega ni mogoče razveljaviti.',
    errSpecies: 'Izberite vrsto.',
    errGroup: 'Izberite skupino.',
    errLocation: 'Izberite lokacijo najdbe.',
    errLocationOutside: 'Lokacija mora biti v Sloveniji.',
    errDateFuture: 'Datum najdbe ne sme biti v prihodnosti.',
    errDateMissing: 'Vnesite datum najdbe.',
    errCount: 'Število mora biti pozitivno celo število.',
    errFormHasErrors: 'Popravite označena polja.',
    signInToReport: 'Za sporočanje najdb se prijavite.',
    discardTitle: 'Zavrzi spremembe?',
    discardMessage: 'Vnesenih podatkov še niste shranili. Če obrazec zaprete, se izgubijo.',
    discard: 'Zavrzi',
    keepEditing: 'Nadaljuj z urejanjem',
  },

  auth: {
    signingIn: 'Preusmerjam na prijavo …',
    signInFailed: 'Prijava ni uspela. Poskusite znova.',
    retry: 'Poskusi znova',
    sessionExpired: 'Seja je potekla. Prosimo, prijavite se znova.',
    offlineNoSession: 'Ni povezave in ni shranjene prijave. Za prvo prijavo potrebujete povezavo.',
    failedTitle: 'Prijava ni uspela',
    failedProvider: 'Ponudnik identitete je zavrnil prijavo.',
    failedUnreachable:
      'Ponudnik identitete ni dosegljiv ali njegove nastavitve niso veljavne. Preverite povezavo in poskusite znova.',
    failedCallback: 'Odgovora ponudnika identitete ni bilo mogoče preveriti.',
    failedRenew: 'Ponudnik identitete ni podaljšal prijave. Prosimo, prijavite se znova.',
    providerSays: (text: string): string => `Sporočilo ponudnika: ${text}`,
    details: (text: string): string => `Podrobnosti: ${text}`,
    errorCode: (code: string): string => `Koda napake: ${code}`,
    signInAgain: 'Prijava',
  },

  /** The report form in the field: species search, duplicate question, location accuracy. */
  field: {
    speciesSearch: 'Poišči vrsto',
    speciesSearchHint: 'Vpišite slovensko ali latinsko ime (npr. rogač ali Lucanus); izbira nastavi skupino in vrsto.',
    speciesSearchNone: 'Nobena vrsta se ne ujema z iskanjem.',
    speciesSearchCount: (n: number): string =>
      n === 1 ? '1 zadetek' : n === 2 ? '2 zadetka' : n === 3 || n === 4 ? `${n} zadetki` : `${n} zadetkov`,
    speciesChosen: (name: string, group: string): string => `Izbrano: ${name} (${group})`,
    otherInGroup: (group: string): string => `Drugo (${group.toLocaleLowerCase('sl')})`,
    duplicateTitle: 'Podobna najdba že obstaja',
    duplicateMessage:
      'Isti dan ste že sporočili to vrsto manj kot 100 m od tod. Odprite obstoječo najdbo ali vseeno shranite novo.',
    duplicateOpen: 'Odpri jo',
    duplicateSave: 'Vseeno shrani',
    duplicateBadge: 'Morda dvojnik',
    duplicateBadgeText: (ids: string): string =>
      `Morda ista najdba kot ${ids}: ista vrsta, isti dan, manj kot 100 m narazen.`,
    accuracyNow: (m: number): string => `Natančnost: ± ${m} m`,
    accuracyWaiting: (m: number): string => `Čakam na natančnejšo lokacijo (do 10 m) … zdaj ± ${m} m`,
    accuracyWaitingNone: 'Čakam na lokacijo …',
    accuracyUseNow: 'Uporabi zdaj',
    accuracyStop: 'Prekliči',
    accuracyFromPhoto: (m: number): string => `Natančnost GPS fotografije: ± ${m} m`,
    accuracyUpTo: (m: number): string => (m >= 1000 ? `do ${m / 1000} km` : `do ${m} m`),
    accuracyMetres: (m: number): string => `± ${m} m`,
  },

  sound: {
    label: 'Zvočni posnetek',
    hint: 'Posnemite oglašanje (do 2 minuti) ali izberite zvočno datoteko (MP3, M4A, OGG, WAV ali WEBM, največ 10 MB).',
    record: 'Posnemi zvok',
    pick: 'Izberi zvočno datoteko',
    stop: 'Ustavi snemanje',
    recording: 'Snemam …',
    level: 'Glasnost',
    remove: 'Odstrani zvočni posnetek',
    removeTitle: 'Odstranim zvočni posnetek?',
    removeMessage: 'Posnetek bo odstranjen iz najdbe, ko jo shranite.',
    removeConfirm: 'Odstrani',
    keep: 'Obdrži',
    player: 'Zvočni posnetek najdbe',
    playerNew: 'Nov zvočni posnetek',
    none: 'Brez zvočnega posnetka',
    waiting: 'Posnetek čaka na povezavo in bo poslan samodejno.',
    refused: (reason: string): string => `Strežnik posnetka ni sprejel: ${reason}`,
    tooBig: 'Zvočni posnetek je prevelik (največ 10 MB).',
    notAudio: 'Datoteka ni zvočni posnetek v obliki MP3, M4A, OGG, WAV ali WEBM.',
    noMicrophone: 'Snemanje ni mogoče: brskalnik nima dostopa do mikrofona.',
    unsupported: 'Ta brskalnik ne zna snemati zvoka. Izberite zvočno datoteko.',
    autoStopped: 'Snemanje se je ustavilo po 2 minutah.',
    saveFailed: 'Zvočnega posnetka ni bilo mogoče shraniti.',
    loadFailed: 'Zvočnega posnetka ni bilo mogoče naložiti.',
  },

  errors: {
    storageQuota:
      'Shranjevanje podatkov v tem brskalniku ni uspelo, ker je zmanjkalo prostora. Delo brez povezave v tem brskalniku ne bo delovalo. Poskusite z drugim brskalnikom ali izbrišite lokalne podatke.',
    startFailed: 'Aplikacije ni bilo mogoče zagnati.',
    noConnection: 'Ni povezave s strežnikom.',
    badInput: 'Strežnik podatkov ni sprejel; preverite vnesena polja.',
    forbidden: 'Te najdbe ne smete spreminjati (ni vaša ali je že pregledana).',
    notFound: 'Najdbe ni več na strežniku.',
    tooLarge: 'Fotografija je prevelika (največ 20 MB).',
    changedMeanwhile:
      'Najdbo je medtem spremenil še nekdo (npr. pregledal jo je strokovnjak). Vaši vnosi so še v obrazcu; zaprite ga in odprite znova, da vidite novo različico.',
  },
} as const;
