import { describe, expect, it } from 'vitest';
import { orderFinds } from '../../../src/state/findOrder.ts';

const finds = [
  { id: 1, date: '2025-06-01', species: 'škrjanec' },
  { id: 2, date: '2025-07-03', species: 'apolon' },
  { id: 3, date: '', species: 'čebelar' },
  { id: 4, date: '2025-07-03', species: 'cvetni kozliček' },
  { id: 5, date: '2024-01-10', species: 'apolon' },
];

describe("'Moje najdbe' order", () => {
  it('newest first by finding date, newer id first on a tie, undated last', () => {
    expect(orderFinds(finds, 'newest').map((f) => f.id)).toEqual([4, 2, 1, 5, 3]);
  });
  it('oldest first, undated still last', () => {
    expect(orderFinds(finds, 'oldest').map((f) => f.id)).toEqual([5, 1, 4, 2, 3]);
  });
  it('by species in the Slovenian alphabet (c < č < s < š), newest first within one', () => {
    expect(orderFinds(finds, 'species').map((f) => f.id)).toEqual([2, 5, 4, 3, 1]);
  });
});
