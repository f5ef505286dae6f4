import { describe, expect, it } from 'vitest';
import { loginPage, PRIVACY_PATH, privacyPage } from '../../../../server/idp/pages.ts';
import { PRIVACY_SECTIONS } from '../../../../domain/privacy.ts';
import { attachmentPath } from '../../../../server/api/me/archive.ts';
import { archiveReadme } from '../../../../server/api/me/archiveReadme.ts';

describe('the privacy notice outside the app', () => {
  it('is linked from the sign-in page', () => {
    const html = loginPage({ action: '/idp/x', email: '', failed: false });
    expect(html).toContain(`<a href="${PRIVACY_PATH}">Zasebnost</a>`);
  });

  it('shows every section, escaped, with the contact address as a link', () => {
    const html = privacyPage('a&b@example.si', '/');
    for (const s of PRIVACY_SECTIONS) {
      expect(html).toContain(s.heading);
      for (const i of s.items ?? []) expect(html).toContain(i.replace(/&/g, '&amp;'));
    }
    expect(html).toContain('href="mailto:a&amp;b@example.si"');
    expect(html).not.toContain('{email}');
  });
});

describe('the personal archive', () => {
  it('names attachment files by id and a safe form of their name', () => {
    expect(attachmentPath({ id: 7, name: 'Moja žaba (1).JPG' })).toBe('priloge/7-Moja_zaba_1_.JPG');
    expect(attachmentPath({ id: 8, name: '../../etc/passwd' })).toBe('priloge/8-etc_passwd');
    expect(attachmentPath({ id: 9, name: 'čšž' })).toBe('priloge/9-csz');
    expect(attachmentPath({ id: 10, name: '' })).toBe('priloge/10');
  });

  it('lists in README.txt every file it holds', () => {
    const text = archiveReadme({
      email: 'ana@example.si',
      madeAt: new Date('2026-11-28T10:00:00Z'),
      findFiles: [{ tableName: 'Najdbe', geojson: 'najdbe.geojson', csv: 'najdbe.csv' }],
      contactEmail: 'info@example.si',
    });
    for (const f of [
      'racun.json',
      'najdbe.geojson',
      'najdbe.csv',
      'priloge.json',
      'priloge/',
      'zgodovina.json',
      'obvestila.json',
    ])
      expect(text).toContain(f);
    expect(text).toContain('info@example.si');
    expect(text).toContain('\r\n');
  });
});
