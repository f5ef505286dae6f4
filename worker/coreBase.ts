import type { AppConfig, Catalogue, CoreEvent, SessionInfo } from './api.ts';
import type { BaseMap, Profile, Project, SelectValue } from './types.ts';
import { HttpClient } from './http/client.ts';
import { OnlineMonitor } from './online.ts';
import { DEFAULT_CONFIG, mergeConfig, parseIdentityConfig } from './config.ts';
import { parseCatalogue } from './catalogue.ts';
import { openOfflineDb, type OfflineDb } from './store/db.ts';
import { cacheKey, cachedLoad } from './store/responseCache.ts';

/** Options of the data core. */
export interface DataCoreOptions {
  /** Opens the local database; tests pass one over fake-indexeddb. */
  openDb?: () => OfflineDb;
  /** What the browser says about connectivity. */
  browserOnline?: () => boolean;
}

/**
 * The foundation of the data core: configuration, session, online state, the API client,
 * the local database and cached reads of the profile, project and catalogue.
 */
export abstract class CoreBase {
  protected config: AppConfig | null = null;
  private configLoading: Promise<AppConfig> | null = null;
  protected session: SessionInfo = { accessToken: null, email: null };
  private listener: ((e: CoreEvent) => void) | null = null;
  private http: HttpClient | null = null;
  private monitor: OnlineMonitor | null = null;
  private db: OfflineDb | null = null;
  private profile: Promise<Profile> | null = null;
  private project: Promise<Project> | null = null;

  constructor(private readonly opts: DataCoreOptions = {}) {}

  /** Called when the signed-in user changes. */
  protected abstract onSessionChanged(): void;

  /** Called when the online state changes after init finished. */
  protected abstract onOnlineChanged(online: boolean): void;

  /** Called once when init has finished. */
  protected abstract onReady(): void;

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
      this.onSessionChanged();
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

  protected async load(origin: string): Promise<AppConfig> {
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
      onChange: (online) => {
        this.emit({ type: 'online', online });
        if (this.config) this.onOnlineChanged(online);
      },
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
    this.onReady();
    return this.config;
  }

  protected cached<T>(parts: Array<string | number>, load: () => Promise<T>): Promise<T> {
    const c = this.requireConfig();
    return cachedLoad(this.requireDb(), cacheKey(c.projectId, ...parts), this.requireMonitor().online, load);
  }

  protected emit(e: CoreEvent): void {
    this.listener?.(e);
  }

  protected requireConfig(): AppConfig {
    if (!this.config) throw new Error('DataCore.init() has not finished');
    return this.config;
  }

  protected requireHttp(): HttpClient {
    if (!this.http) throw new Error('DataCore.init() has not been called');
    return this.http;
  }

  protected requireDb(): OfflineDb {
    if (!this.db) throw new Error('DataCore.init() has not been called');
    return this.db;
  }

  protected requireMonitor(): OnlineMonitor {
    if (!this.monitor) throw new Error('DataCore.init() has not been called');
    return this.monitor;
  }
}
