import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseName } from '../../../domain/nameMatch.ts';
import { indexSpecies, searchSpecies, type SearchableGroup } from '../../../domain/speciesSearch.ts';

/** The app's own catalogue (public/species/catalogue.json), as the data core reads it. */
const catalogue = JSON.parse(
  readFileSync(new URL('../../../public/species/catalogue.json', import.meta.url), 'utf8'),
) as {
  groups: SearchableGroup[];
};
const index = indexSpecies(catalogue.groups);
const names = (q: string): string[] => searchSpecies(index, q).map((h) => h.name);

describe('normaliseName', () => {
  it('drops case and diacritics, folds blanks', () => {
    expect(normaliseName('Rogač')).toBe('rogac');
    expect(normaliseName('  ŠKRLATNI   kukavičnik ')).toBe('skrlatni kukavicnik');
    expect(normaliseName('Đurđica')).toBe('durdica');
    expect(normaliseName('Lucanus cervus')).toBe(normaliseName('LUCANUS CERVUS'));
  });
});

describe('searchSpecies over the catalogue', () => {
  it('rogac finds rogač first, with its group set', () => {
    const [first] = searchSpecies(index, 'rogac');
    expect(first).toMatchObject({ name: 'rogač', id: 1105, groupId: 7, other: false });
  });

  it('finds a species by its Latin name, case ignored', () => {
    expect(names('lucanus')[0]).toBe('rogač');
    expect(names('CERVUS')).toContain('rogač');
  });

  it('ranks a name that starts with the query above one that only contains it', () => {
    const custom = indexSpecies([
      {
        id: 1,
        name: 'Skupina',
        other: { id: 9, name: 'Drugo' },
        species: [
          { id: 2, name: 'veliki travniški rogač', latin: 'Aaa bbb' },
          { id: 3, name: 'rogačevka', latin: 'Ccc ddd' },
          { id: 4, name: 'srogač', latin: 'Eee fff' },
        ],
      },
    ]);
    expect(searchSpecies(custom, 'rogač').map((h) => h.id)).toEqual([3, 2, 4]);
  });

  it("reaches every group's 'other' entry by 'drugo' and by the group's name", () => {
    const others = searchSpecies(index, 'drugo');
    expect(others.map((h) => h.id).sort()).toEqual([2349, 2351, 2355, 2356, 2360, 2363]);
    expect(others.every((h) => h.other)).toBe(true);
    const amphibians = searchSpecies(index, 'dvozivke');
    expect(amphibians.at(-1)).toMatchObject({ id: 2360, groupId: 12, other: true });
  });

  it('an empty query lists everything; no match lists nothing', () => {
    const all = catalogue.groups.reduce((n, g) => n + g.species.length + 1, 0);
    expect(searchSpecies(index, '   ', 1000)).toHaveLength(all);
    expect(searchSpecies(index, 'zzzzqq')).toEqual([]);
  });
});
