import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, mergeConfig, parseIdentityConfig } from '../../../worker/config.ts';

describe('configuration', () => {
  it('has the built-in configuration (project 35, profile 18, layer 86, …)', () => {
    expect(DEFAULT_CONFIG).toMatchObject({
      projectId: 35,
      profileId: 18,
      layerId: 86,
      tableViewId: 2,
      primaryColumnId: 767,
      attachmentInfoId: 1,
      defaultExtent: [45.2, 13, 47, 17],
      version: '1.1.2',
    });
  });

  it('lets /config.json override the projectId and ignores junk', () => {
    expect(mergeConfig({ projectId: 40 }).projectId).toBe(40);
    expect(mergeConfig({ projectId: 'x', profileId: -1, other: 1 })).toEqual(DEFAULT_CONFIG);
    expect(mergeConfig(null)).toEqual(DEFAULT_CONFIG);
  });

  it('requires authority and client_id in identity.json', () => {
    expect(() => parseIdentityConfig({ client_id: 'a' })).toThrow();
    expect(parseIdentityConfig({ authority: 'https://kc/realms/x', client_id: 'a' })).toMatchObject({
      scope: 'openid email',
    });
  });

  it('keeps the roles claim the server reads roles from (roles_claim), and leaves it out when absent or blank', () => {
    expect(
      parseIdentityConfig({ authority: 'https://kc/realms/x', client_id: 'a', roles_claim: 'groups' }).roles_claim,
    ).toBe('groups');
    expect(parseIdentityConfig({ authority: 'https://kc/realms/x', client_id: 'a' })).not.toHaveProperty('roles_claim');
    expect(
      parseIdentityConfig({ authority: 'https://kc/realms/x', client_id: 'a', roles_claim: ' ' }),
    ).not.toHaveProperty('roles_claim');
  });
});
