import { describe, expect, it } from 'vitest';
import { accuracyText } from '../../../../src/ui/accuracyText.ts';
import { savedAccuracy } from '../../../../src/state/recordForm.ts';

/** The card's and the reviewer's location accuracy (src/ui/accuracyText.ts) and the metres a save keeps. */
const CLASSES = [
  { value: 5, text: 'do 5 m' },
  { value: 10, text: 'do 10 m' },
  { value: 1000, text: 'do 1 km' },
];

describe('accuracyText', () => {
  it('shows the measured metres, whole, when the record keeps them', () => {
    expect(accuracyText(8, 10, CLASSES)).toBe('± 8 m');
    expect(accuracyText(7.6, 10, CLASSES)).toBe('± 8 m');
    expect(accuracyText(0.2, 5, CLASSES)).toBe('± 1 m');
    expect(accuracyText(1234, 1000, CLASSES)).toBe('± 1234 m');
  });

  it("else the class of column 976 in its select's words, or from its bound before they are loaded", () => {
    expect(accuracyText(null, 10, CLASSES)).toBe('do 10 m');
    expect(accuracyText(undefined, '1000', CLASSES)).toBe('do 1 km');
    expect(accuracyText(null, 50, undefined)).toBe('do 50 m');
    expect(accuracyText(null, 1000, undefined)).toBe('do 1 km');
  });

  it('is null when neither is known', () => {
    expect(accuracyText(null, null, CLASSES)).toBeNull();
    expect(accuracyText(undefined, '', CLASSES)).toBeNull();
    expect(accuracyText(Number.NaN, undefined, CLASSES)).toBeNull();
  });
});

describe('savedAccuracy', () => {
  it('keeps the metres while the location still comes from where they were measured', () => {
    expect(savedAccuracy({ accuracy: { metres: 6, source: 'gps' }, coordSource: 'gps' })).toBe(6);
    expect(savedAccuracy({ accuracy: { metres: 12, source: 'photo' }, coordSource: 'photo' })).toBe(12);
    expect(savedAccuracy({ accuracy: { metres: 9, source: 'stored' }, coordSource: 'stored' })).toBe(9);
  });

  it('keeps none for a place picked on the map, or without a measurement', () => {
    expect(savedAccuracy({ accuracy: { metres: 6, source: 'gps' }, coordSource: 'map' })).toBeNull();
    expect(savedAccuracy({ accuracy: null, coordSource: 'gps' })).toBeNull();
    expect(savedAccuracy({ coordSource: null })).toBeNull();
  });

  it("leaves the record's own metres alone when its location is unchanged and they are not known here", () => {
    expect(savedAccuracy({ accuracy: null, coordSource: 'stored' })).toBeUndefined();
  });
});
