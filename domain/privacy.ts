/**
 * The privacy notice ('Zasebnost'), written once: the app's panel shows it (src/i18n/sl.ts takes
 * it from here) and the server serves the same text at /zasebnost for those not signed in (the
 * sign-in page links there). `{email}` stands for the project's contact e-mail.
 */

/** One section: a heading and its paragraphs, or a list when `items` is given. */
export interface PrivacySection {
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

/** The page's title. */
export const PRIVACY_TITLE = 'Zasebnost';

/** The sections, in order. */
export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    heading: 'Kaj hranimo',
    paragraphs: ['Ko uporabljate Sporoči vrsto, na strežniku hranimo:'],
    items: [
      'vaš e-poštni naslov in ime (uporabniški račun; geslo samo kot zgoščeno vrednost, nikoli v berljivi obliki),',
      'vaše najdbe z natančnim mestom, datumom, vrsto, številom osebkov in opombami,',
      'fotografije in zvočne posnetke, ki jih dodate najdbam, v izvirni obliki (z metapodatki, npr. mestom in časom snemanja),',
      'zgodovino sprememb vaših najdb (kdo je kaj spremenil in kdaj), ocene pregledovalcev in komentarje,',
      'obvestila o tem, kaj so drugi naredili z vašimi najdbami.',
    ],
  },
  {
    heading: 'Zakaj',
    paragraphs: [
      'Najdbe zbiramo za varstvo narave: strokovnjaki jih pregledajo in potrjene postanejo del podatkov o razširjenosti vrst. E-poštni naslov potrebujemo za prijavo in da vas pregledovalci lahko vprašajo za dodatne podatke o najdbi.',
    ],
  },
  {
    heading: 'Kako dolgo',
    paragraphs: [
      'Podatke hranimo, dokler imate račun. Ko račun izbrišete, izbrišemo vaš račun, vaše najdbe, ki še niso potrjene, in vaše ime ter e-naslov povsod drugod; potrjene najdbe ostanejo za znanost brez vašega imena (lahko izberete, da jih izbrišemo tudi). Prijavni žetoni veljajo nekaj minut, seje prijave do odjave. Karte in spremembe, ki čakajo na pošiljanje, so shranjene samo v vaši napravi, dokler jih ne izbrišete.',
    ],
  },
  {
    heading: 'Kdo vidi kaj',
    paragraphs: [],
    items: [
      'Najdbe, označene kot javne (polje JAVNO), vidijo vsi, tudi brez prijave; nejavne vidite samo vi, pregledovalci skupine in skrbniki.',
      'Najdbe občutljivih vrst drugi vidijo samo v kvadratu 1 ali 10 km, nikoli na natančnem mestu.',
      'Pregledovalci skupine vrst vidijo izvirnike: natančno mesto, vaš e-poštni naslov in fotografije z metapodatki.',
      'Vsi drugi dobijo fotografije brez metapodatkov (brez mesta, časa in podatkov o napravi).',
      'Vaš e-poštni naslov vidijo samo pregledovalci vaše skupine in skrbniki; javno je le ime, ki ga vpišete v polje Najditelj.',
    ],
  },
  {
    heading: 'Vaši podatki so vaši',
    paragraphs: [
      'V profilu izberite Prenesi moje podatke: dobite datoteko ZIP z vsemi vašimi najdbami (GeoJSON in CSV), fotografijami, zgodovino, komentarji, obvestili in podatki o računu.',
      'V profilu lahko z Izbriši račun izbrišete svoj račun: vprašamo vas dvakrat, nato se vsi vaši prijavni žetoni takoj ustavijo, naprava pa pozabi vaše podatke. V zgodovini najdb ostane zapis kot »izbrisan uporabnik«.',
      'Če se ne morete prijaviti ali imate vprašanje, pišite na {email}. Skrbnik vam lahko podatke izvozi na vašo zahtevo; vsak tak izvoz se zabeleži.',
    ],
  },
];
