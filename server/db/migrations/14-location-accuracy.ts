import type { Migration } from './migration.ts';

/** Migration 14. The measured accuracy of a record's location, in metres. */
export const locationAccuracy: Migration = {
  version: 14,
  statements: [
    // Location accuracy in metres: the measured accuracy of a record's location (the device's fix,
    // or a photo's EXIF GPSHPositioningError), beside the class of column 976 the reporter sees in
    // the form. Null when not measured (a place picked on the map, older records). It belongs to
    // the geometry: server/api/records/prepareWrite.ts clears it when the geometry moves without it.
    `alter table records add column location_accuracy_m double precision
       check (location_accuracy_m >= 0 and location_accuracy_m <= 100000)`,
  ],
};
