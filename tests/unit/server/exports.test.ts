import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../server/api/exports/csvGeoJson.ts';
import { metaXml, tsvCell } from '../../../server/api/exports/dwcaArchive.ts';
import { termName, verificationStatus } from '../../../server/api/exports/dwcaTerms.ts';
import { exportFileName } from '../../../server/api/exports/routes.ts';
import { exportQuery, fileNameOf } from '../../../worker/http/exports.ts';

describe('export cells and names (issue #21)', () => {
  it('quotes CSV cells per RFC 4180 with ";" and keeps Excel from running a text as a formula', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('da');
    expect(csvCell('pri mostu; levo')).toBe('"pri mostu; levo"');
    expect(csvCell('rekel je "tu"')).toBe('"rekel je ""tu"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('"x"; y')).toBe('"""x""; y"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+386 1')).toBe("'+386 1");
    expect(csvCell('@a')).toBe("'@a");
  });

  it('flattens tab-separated Darwin Core cells and names terms by their URIs', () => {
    expect(tsvCell('a\tb\r\nc')).toBe('a b c');
    expect(tsvCell(null)).toBe('');
    expect(termName('http://rs.tdwg.org/dwc/terms/eventDate')).toBe('eventDate');
    expect(termName('http://purl.org/dc/terms/license')).toBe('license');
    expect([1, 2, 3, 5, null].map(verificationStatus)).toEqual([
      'verified',
      'rejected',
      'unverified: evidence requested',
      'unverified',
      'unverified',
    ]);
    const xml = metaXml(
      ['http://rs.tdwg.org/dwc/terms/occurrenceID', 'http://rs.tdwg.org/dwc/terms/eventDate'],
      ['http://purl.org/dc/terms/identifier'],
    );
    expect(xml).toContain('<field index="1" term="http://rs.tdwg.org/dwc/terms/eventDate"/>');
    expect(xml).toContain('<coreid index="0"/>');
  });

  it('names files in Slovenian and reads them back from Content-Disposition', () => {
    const day = new Date('2026-05-01T10:00:00Z');
    expect(exportFileName('csv', null, day)).toBe('sporoci-vrsto-najdbe-2026-05-01.csv');
    expect(exportFileName('geojson', 2025, day)).toBe('sporoci-vrsto-najdbe-2025-2026-05-01.geojson');
    expect(exportFileName('dwca', null, day)).toBe('sporoci-vrsto-potrjene-najdbe-darwin-core-2026-05-01.zip');
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''najdbe%20%C4%8D.csv`)).toBe('najdbe č.csv');
    expect(fileNameOf('attachment; filename="a.csv"')).toBe('a.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(exportQuery({ year: 2025, speciesId: null, mineOnly: true, status: 5, extent: [1, 2, 3, 4] })).toEqual({
      year: 2025,
      speciesId: undefined,
      mine: true,
      status: 5,
      extent: '1,2,3,4',
      filters: undefined,
    });
  });
});
