import type { AppConfig, Catalogue, CoreEvent, DataCore, LayerFilterState, PointBatch, SessionInfo } from './api.ts';
import type { BaseMap, Column, Feature, Profile, Project, SelectValue } from './types.ts';
import type { FilterInput } from './filters/types.ts';
import { HttpClient } from './http/client.ts';
import { OnlineMonitor } from './online.ts';
import { DEFAULT_CONFIG, mergeConfig, parseIdentityConfig } from './config.ts';
import { parseCatalogue } from './catalogue.ts';
import { openOfflineDb, type OfflineDb } from './store/db.ts';
import { cacheKey, cachedLoad } from './store/responseCache.ts';
import { filterStateToConditions } from './layer/filterState.ts';
import { buildPointBatch, type Predicate } from './layer/points.ts';
import { compile } from './filters/index.ts';
import { crossing } from './http/crossing.ts';
import { RecordsCore } from './records/recordsCore.ts';
import type { DetailedFeature } from './records/service.ts';
import type { PhotoInspection, SaveRecordInput, SaveRecordResult, SaveStage, SpeciesOption } from './records/types.ts';

/** EPSG:3857 bounds covering all of Slovenia with a margin: the layer is loaded once for it. */
const SLOVENIA_3857: [number, number, number, number] = [1440000, 5660000, 1850000, 5920000];

/** Options of the data core. */
export interface DataCoreOptions {
  /** Opens the local database; tests pass one over fake-indexeddb. */
  openDb?: () => OfflineDb;
  /** What the browser says about connectivity. */
  browserOnline?: () => boolean;
}

/** The data core behind the Comlink boundary (see DataCore in api.ts). */
export class DataCoreImpl implements DataCore {
  private config: AppConfig | null = null;
  private configLoading: Promise<AppConfig> | null = null;
  private session: SessionInfo = { accessToken: null, email: null };
  private listener: ((e: CoreEvent) => void) | null = null;
  private http: HttpClient | null = null;
  private monitor: OnlineMonitor | null = null;
  private db: OfflineDb | null = null;
  private profile: Promise<Profile> | null = null;
  private project: Promise<Project> | null = null;
  private layerFeatures: Promise<Feature[]> | null = null;
  private records: RecordsCore | null = null;

  constructor(private readonly opts: DataCoreOptions = {}) {}

  init(origin: string): Promise<AppConfig> {
    this.configLoading ??= this.load(origin).catch((e: unknown) => {
      this.configLoading = null;
      throw e;
    });
    return this.configLoading;
  }

  setSession(session: SessionInfo): void {
    const changedUser = session.email !== this.session.email;
    this.session = { ...session };
    if (changedUser) {
      // Another user sees other rows (their own hidden ones): reload the layer.
      this.layerChanged();
    }
  }

  subscribe(listener: (event: CoreEvent) => void): void {
    this.listener = listener;
    if (this.monitor) listener({ type: 'online', online: this.monitor.online });
  }

  async checkOnline(): Promise<boolean> {
    return this.requireMonitor().check();
  }

  getProfile(): Promise<Profile> {
    const c = this.requireConfig();
    this.profile ??= this.cached(['profile', c.profileId], () =>
      this.requireHttp().get<Profile>(`/api/BaseProfiles/${c.projectId}/${c.profileId}`),
    ).catch((e: unknown) => {
      this.profile = null;
      throw e;
    });
    return this.profile;
  }

  getProject(): Promise<Project> {
    const c = this.requireConfig();
    this.project ??= this.cached(['project'], () => this.requireHttp().get<Project>(`/api/BaseProfiles/${c.projectId}/project`)).catch(
      (e: unknown) => {
        this.project = null;
        throw e;
      },
    );
    return this.project;
  }

  async getCatalogue(): Promise<Catalogue> {
    return parseCatalogue(await this.cached(['catalogue'], () => this.requireHttp().get<unknown>('/species/catalogue.json')));
  }

  async getSelectValues(columnId: number): Promise<SelectValue[]> {
    const c = this.requireConfig();
    return this.cached(['select', columnId], () =>
      this.requireHttp().get<SelectValue[]>(`/api/Columns/${c.projectId}/select/${columnId}/values`),
    );
  }

  async getBaseMaps(): Promise<BaseMap[]> {
    return (await this.getProfile()).baseMaps;
  }

  async layerFilter(filter: LayerFilterState): Promise<FilterInput | null> {
    const conditions = filterStateToConditions(filter);
    return conditions.length ? conditions : null;
  }

  async getLayerPoints(extent: [number, number, number, number], filter: LayerFilterState): Promise<PointBatch> {
    const [features, columns, rules] = await Promise.all([this.loadLayerFeatures(), this.sightingColumns(), this.layerRules()]);
    const conditions = filterStateToConditions(filter);
    const predicate = conditions.length ? compile(conditions, { columns, userEmail: this.session.email }) : null;
    return buildPointBatch(features, { extent, filter: predicate, rules });
  }

  getSightingColumns(): Promise<Column[]> {
    return this.sightingColumns();
  }

  getSpeciesByGroup(): Promise<Record<number, SpeciesOption[]>> {
    return this.cached(['speciesByGroup'], () => this.requireRecords().speciesByGroup());
  }

  inspectPhoto(file: Blob): Promise<PhotoInspection> {
    return this.requireRecords().inspectPhoto(file);
  }

  getRecord(id: number): Promise<DetailedFeature> {
    return crossing(() => this.requireRecords().detailed(id));
  }

  saveRecord(input: SaveRecordInput, onStage: (stage: SaveStage) => void): Promise<SaveRecordResult> {
    return crossing(async () => {
      const result = await this.requireRecords().save(input, await this.sightingColumns(), onStage);
      this.layerChanged();
      return result;
    });
  }

  deleteRecord(id: number): Promise<void> {
    return crossing(async () => {
      await this.requireRecords().remove(id);
      this.layerChanged();
    });
  }

  // ---- internals ----

  /** Forgets the loaded layer so the next read sees a write, and tells the UI to redraw. */
  private layerChanged(): void {
    this.layerFeatures = null;
    this.emit({ type: 'layerChanged' });
  }

  private requireRecords(): RecordsCore {
    const c = this.requireConfig();
    this.records ??= new RecordsCore(this.requireHttp(), { projectId: c.projectId, tableId: c.tableId, attachmentInfoId: c.attachmentInfoId });
    return this.records;
  }

  private async load(origin: string): Promise<AppConfig> {
    this.http = new HttpClient({
      origin,
      token: () => this.session.accessToken,
      onUnauthorized: () => this.emit({ type: 'sessionExpired' }),
    });
    this.db = (this.opts.openDb ?? openOfflineDb)();
    const browserOnline = this.opts.browserOnline ?? (() => navigator.onLine);
    this.monitor = new OnlineMonitor({
      browserOnline,
      ping: async () => (await this.requireHttp().send('GET', '/api/Test', { timeoutMs: 8000 })).status === 200,
      onChange: (online) => this.emit({ type: 'online', online }),
    });
    await this.monitor.check();
    this.monitor.start();
    let custom: unknown = null;
    try {
      custom = await this.http.get<unknown>('/config.json', { timeoutMs: 8000 });
    } catch {
      console.info('No custom conf');
    }
    const base = mergeConfig(custom);
    const identity = parseIdentityConfig(
      await cachedLoad(this.db, cacheKey(base.projectId, 'identity'), this.monitor.online, () =>
        this.requireHttp().get<unknown>('/identity.json', { timeoutMs: 8000 }),
      ),
    );
    this.config = { ...DEFAULT_CONFIG, ...base, identity };
    return this.config;
  }

  private cached<T>(parts: Array<string | number>, load: () => Promise<T>): Promise<T> {
    const c = this.requireConfig();
    return cachedLoad(this.requireDb(), cacheKey(c.projectId, ...parts), this.requireMonitor().online, load);
  }

  private loadLayerFeatures(): Promise<Feature[]> {
    const c = this.requireConfig();
    this.layerFeatures ??= this.cached(['extenttables', c.tableId, this.session.email ?? 'anon'], async () => {
      const res = await this.requireHttp().get<{ features: Record<string, Feature[]> }>(`/api/Features/${c.projectId}/extenttables`, {
        query: { extent: SLOVENIA_3857.join(','), tableIds: String(c.tableId) },
      });
      return res.features[String(c.tableId)] ?? [];
    }).catch((e: unknown) => {
      this.layerFeatures = null;
      throw e;
    });
    return this.layerFeatures;
  }

  private async sightingColumns(): Promise<Column[]> {
    const c = this.requireConfig();
    const project = await this.getProject();
    return project.tables.find((t) => t.id === c.tableId)?.columns ?? [];
  }

  private async layerRules(): Promise<Predicate[]> {
    const c = this.requireConfig();
    const [profile, columns] = await Promise.all([this.getProfile(), this.sightingColumns()]);
    const layer = profile.layers.find((l) => l.id === c.layerId);
    if (!layer || layer.symbology.type !== 'complex') return [];
    return layer.symbology.rules.map((r) => compile(r.filter, { columns, userEmail: this.session.email }));
  }

  private emit(e: CoreEvent): void {
    this.listener?.(e);
  }

  private requireConfig(): AppConfig {
    if (!this.config) throw new Error('DataCore.init() has not finished');
    return this.config;
  }

  private requireHttp(): HttpClient {
    if (!this.http) throw new Error('DataCore.init() has not been called');
    return this.http;
  }

  private requireDb(): OfflineDb {
    if (!this.db) throw new Error('DataCore.init() has not been called');
    return this.db;
  }

  private requireMonitor(): OnlineMonitor {
    if (!this.monitor) throw new Error('DataCore.init() has not been called');
    return this.monitor;
  }
}
