import type { Catalogue } from '../api.ts';
import type { BaseMap, Column, Profile, Project, SelectValue } from '../../domain/model.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import { parseCatalogue } from '../catalogue.ts';
import type { CoreSession } from './session.ts';

/**
 * The platform's description of the app, read once and kept for offline use: the profile
 * (layers, symbology, base maps), the project (tables and columns), the species catalogue and
 * the values of Select columns.
 */
export class ProfileData {
  private profile: Promise<Profile> | null = null;
  private project: Promise<Project> | null = null;

  constructor(private readonly s: CoreSession) {}

  getProfile(): Promise<Profile> {
    const { projectId, profileId } = this.s.cfg;
    this.profile ??= this.s
      .cached(['profile', profileId], () => this.s.api.profiles.get(projectId, profileId))
      .catch((e: unknown) => {
        this.profile = null;
        throw e;
      });
    return this.profile;
  }

  getProject(): Promise<Project> {
    const { projectId } = this.s.cfg;
    this.project ??= this.s
      .cached(['project'], () => this.s.api.profiles.project(projectId))
      .catch((e: unknown) => {
        this.project = null;
        throw e;
      });
    return this.project;
  }

  async getCatalogue(): Promise<Catalogue> {
    return parseCatalogue(await this.s.cached(['catalogue'], () => this.s.api.files.catalogue()));
  }

  getSelectValues(columnId: number): Promise<SelectValue[]> {
    return this.s.cached(['select', columnId], () => this.s.api.columns.selectValues(this.s.cfg.projectId, columnId));
  }

  async getBaseMaps(): Promise<BaseMap[]> {
    return (await this.getProfile()).baseMaps;
  }

  /** The columns of the sightings table. */
  async getSightingColumns(): Promise<Column[]> {
    const project = await this.getProject();
    return project.tables.find((t) => t.id === this.s.cfg.tableId)?.columns ?? [];
  }

  /** The filters of the sightings layer's symbology rules, in order ([] for a simple symbology). */
  async layerRules(): Promise<(FilterInput | null)[]> {
    const profile = await this.getProfile();
    const layer = profile.layers.find((l) => l.id === this.s.cfg.layerId);
    if (!layer || layer.symbology.type !== 'complex') return [];
    return layer.symbology.rules.map((r) => r.filter);
  }

  /** The absolute tile URL template of the profile's offline-capable base map, or null (none, or no profile). */
  async offlineTileTemplate(): Promise<string | null> {
    const profile = await this.getProfile().catch(() => null);
    const base = profile?.baseMaps.find((b) => b.offline);
    if (!base) return null;
    const origin = new URL(this.s.api.http.url('/')).origin;
    return new URL(base.url, origin).toString().replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  }
}
