/**
 * Every user-visible string of the app, in Slovenian. Texts given by SPEC.md are verbatim;
 * the rest are ours.
 */
export const sl = {
  appTitle: 'Sporoči vrsto',
  loading: 'Nalaganje',
  version: '1.1.2',

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
    offlineNote: 'Aplikacija deluje tudi brez povezave: prenesite karto območja in najdbe sporočite, ko ste spet na zvezi.',
    contact: 'Kontakt',
    versionLabel: 'Različica',
  },

  map: {
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
  },

  filters: {
    title: 'Filtri',
    species: 'Vrsta',
    year: 'Leto',
    reset: 'Ponastavi',
    mineOnly: 'Samo moje najdbe',
    browseSpecies: 'Pregled vrst',
  },

  shortInfo: {
    title: 'Na tem mestu',
    e: 'E',
    n: 'N',
    find: 'Najdba',
    gid: 'GID',
    group: 'Skupina',
    species: 'Vrsta',
    date: 'Datum najdbe',
    photo: 'Slika',
    noPhoto: 'Brez fotografije',
    openPhoto: 'Odpri fotografijo v polni velikosti',
    edit: 'Uredi',
    noFeatures: 'Na tem mestu ni najdb. Kliknite na barvno točko.',
    speciesInfo: (name: string): string => `Podatki o vrsti ${name}`,
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
    species: 'Vrsta',
    date: 'Datum',
    zoomTo: 'Približaj na karti',
    noFinds: 'Nimate še nobene najdbe.',
    noMaps: 'Nimate še prenešenih kart.',
    downloadNew: 'Prenesi novo karto',
    downloadedName: (id: number): string => `Prenešena karta ${id}`,
    confirmDelete: (name: string): string => `Potrdite brisanje: ${name}`,
  },

  download: {
    title: 'Prenos karte',
    coming: 'Prenos kart za delo brez povezave bo na voljo kmalu.',
    back: 'Nazaj na karto',
  },

  notice: {
    header: 'Obvestilo',
    newVersion:
      'Objavljenja je nova verzija aplikacije. Potrebna je osvežitev strani. Aplikacija bo za nekaj trenutkov ne odzivna.',
    close: 'Zapri obvestilo',
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
  },

  auth: {
    signingIn: 'Preusmerjam na prijavo …',
    signInFailed: 'Prijava ni uspela. Poskusite znova.',
    retry: 'Poskusi znova',
    sessionExpired: 'Seja je potekla. Prosimo, prijavite se znova.',
    offlineNoSession: 'Ni povezave in ni shranjene prijave. Za prvo prijavo potrebujete povezavo.',
  },

  errors: {
    storageQuota:
      'Shranjevanje podatkov v tem brskalniku ni uspelo, ker je zmanjkalo prostora. Delo brez povezave v tem brskalniku ne bo delovalo. Poskusite z drugim brskalnikom ali izbrišite lokalne podatke.',
    startFailed: 'Aplikacije ni bilo mogoče zagnati.',
  },
} as const;
