import type { RecordFormState } from '../state/recordForm.ts';

/** What a newly picked photo says about the find. */
export interface PhotoFacts {
  gpsCoord: [number, number] | null;
  takenOn: string | null;
}

/** Some of a photo's facts, each present only when it counts. */
export interface PhotoFactsTaken {
  gpsCoord?: [number, number];
  takenOn?: string;
}

/** What the photo's facts do to the form: taken at once, or offered to the user first. */
export interface PhotoTakeover {
  /** Taken without asking: the form had nothing of its own there (empty, the default date, or an earlier photo's value). */
  apply: PhotoFactsTaken;
  /** Differs from what the user chose or the find already had: ask before replacing it. */
  ask: PhotoFactsTaken | null;
}

type FormPart = Pick<RecordFormState, 'mode' | 'coord' | 'coordSource' | 'photo'> & { date: string };

const SAME_PLACE_M = 1;

function samePlace(a: [number, number], b: [number, number]): boolean {
  return Math.abs(a[0] - b[0]) < SAME_PLACE_M && Math.abs(a[1] - b[1]) < SAME_PLACE_M;
}

/**
 * Decides what a picked photo may change. A new report takes the photo's place and date freely
 * (SPEC: a location can be taken from the photo's GPS); but a place the user picked on the map or
 * with GPS, a date the user typed, and everything an existing find already has are never replaced
 * without asking — replacing a find's photo used to move it silently to the new photo's EXIF.
 */
export function photoTakeover(form: FormPart, facts: PhotoFacts, today: string): PhotoTakeover {
  const apply: PhotoFactsTaken = {};
  const ask: PhotoFactsTaken = {};
  const takenOn = facts.takenOn && facts.takenOn <= today ? facts.takenOn : null;

  if (facts.gpsCoord) {
    const own = form.coord !== null && form.coordSource !== 'photo';
    if (!own) apply.gpsCoord = facts.gpsCoord;
    else if (!samePlace(form.coord!, facts.gpsCoord)) ask.gpsCoord = facts.gpsCoord;
  }
  if (takenOn && takenOn !== form.date) {
    const fromEarlierPhoto = form.photo?.takenOn === form.date;
    const own = form.date !== '' && !fromEarlierPhoto && (form.mode === 'edit' || form.date !== today);
    if (own) ask.takenOn = takenOn;
    else apply.takenOn = takenOn;
  }
  return { apply, ask: Object.keys(ask).length ? ask : null };
}
