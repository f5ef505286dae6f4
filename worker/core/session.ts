import type { AppConfig, CoreEvent, SessionInfo } from '../api.ts';
import { HttpClient } from '../http/client.ts';
import { platformApi, type PlatformApi } from '../http/platform.ts';
import { OnlineMonitor } from '../online.ts';
import { DEFAULT_CONFIG, mergeConfig, parseIdentityConfig } from '../config.ts';
import { openOfflineDb, type OfflineDb } from '../store/db.ts';
import { cacheKey, cachedLoad } from '../store/responseCache.ts';
import type { OfflineTarget } from '../sync/types.ts';

/** Options of the data core. */
export interface DataCoreOptions {
  /** Opens the local database; tests pass one over fake-indexeddb. */
  openDb?: () => OfflineDb;
  /** What the browser says about connectivity. */
  browserOnline?: () => boolean;
}

/** How long the start-up requests (health, config, identity) may take. */
const START_TIMEOUT_MS = 8000;

/**
 * The session of the data core, which every other part reads: the configuration, the signed-in
 * user, the online state, the typed API client, the local database and the one event listener.
 */
export class CoreSession {
  private config: AppConfig | null = null;
  private configLoading: Promise<AppConfig> | null = null;
  private user: SessionInfo = { accessToken: null, email: null };
  private listener: ((e: CoreEvent) => void) | null = null;
  private client: PlatformApi | null = null;
  private monitor: OnlineMonitor | null = null;
  private database: OfflineDb | null = null;

  /**
   * @param onlineChanged called when the online state changes after init finished (the layer's
   *   source switches, and work left waiting goes on).
   */
  constructor(
    private readonly opts: DataCoreOptions,
    private readonly onlineChanged: (online: boolean) => void,
  ) {}

  /** Loads the configuration once; a failed load is tried again by the next call. */
  init(origin: string): Promise<AppConfig> {
    this.configLoading ??= this.load(origin).catch((e: unknown) => {
      this.configLoading = null;
      throw e;
    });
    return this.configLoading;
  }

  /** Sets the token and e-mail; tells whether another user signed in and whether a token was there before. */
  setSession(session: SessionInfo): { changedUser: boolean; hadToken: boolean } {
    const changedUser = session.email !== this.user.email;
    const hadToken = this.user.accessToken !== null;
    this.user = { ...session };
    return { changedUser, hadToken };
  }

  /** Registers the one listener for pushed events; it hears the online state at once, and so does the caller. */
  subscribe(listener: (event: CoreEvent) => void): boolean {
    this.listener = listener;
    if (this.monitor) listener({ type: 'online', online: this.monitor.online });
    return this.monitor?.online ?? false;
  }

  /** Checks the server now (GET /api/Test). */
  checkOnline(): Promise<boolean> {
    return this.requireMonitor().check();
  }

  /** Pushes an event to the main thread. */
  emit(e: CoreEvent): void {
    this.listener?.(e);
  }

  /** True once init has finished. */
  get ready(): boolean {
    return this.config !== null;
  }

  /** The configuration (after init). */
  get cfg(): AppConfig {
    if (!this.config) throw new Error('DataCore.init() has not finished');
    return this.config;
  }

  /** The signed-in user's token and e-mail. */
  get current(): SessionInfo {
    return this.user;
  }

  /** The last known online state. */
  get online(): boolean {
    return this.requireMonitor().online;
  }

  /** The typed API client. */
  get api(): PlatformApi {
    if (!this.client) throw new Error('DataCore.init() has not been called');
    return this.client;
  }

  /** The local database. */
  get db(): OfflineDb {
    if (!this.database) throw new Error('DataCore.init() has not been called');
    return this.database;
  }

  /** Where the sightings go: project, profile, table and the photos' attachment info. */
  get target(): OfflineTarget {
    const c = this.cfg;
    return { projectId: c.projectId, profileId: c.profileId, tableId: c.tableId, attachmentInfoId: c.attachmentInfoId };
  }

  /** A read kept in the local store: the server's answer when online, the stored one offline. */
  cached<T>(parts: Array<string | number>, load: () => Promise<T>): Promise<T> {
    return cachedLoad(this.db, cacheKey(this.cfg.projectId, ...parts), this.online, load);
  }

  private async load(origin: string): Promise<AppConfig> {
    const api = platformApi(
      new HttpClient({
        origin,
        token: () => this.user.accessToken,
        onUnauthorized: () => this.emit({ type: 'sessionExpired' }),
      }),
    );
    this.client = api;
    this.database = (this.opts.openDb ?? openOfflineDb)();
    this.monitor = new OnlineMonitor({
      browserOnline: this.opts.browserOnline ?? (() => navigator.onLine),
      // Online only when GET /api/Test answers; any failure (thrown) is offline (OnlineMonitor).
      ping: async () => {
        await api.health.test({ timeoutMs: START_TIMEOUT_MS });
        return true;
      },
      onChange: (online) => {
        this.emit({ type: 'online', online });
        if (this.config) this.onlineChanged(online);
      },
    });
    // The health check, the configuration and the identity settings are asked at once: on a slow
    // link each round trip costs 150 ms or more of every start. start() runs the first check, and
    // check() shares it.
    this.monitor.start();
    const identityAsked = api.files.identity({ timeoutMs: START_TIMEOUT_MS });
    // Read by cachedLoad below, or not at all (offline, the stored copy); never unhandled.
    identityAsked.catch(() => undefined);
    const [, custom] = await Promise.all([
      this.monitor.check(),
      api.files.config({ timeoutMs: START_TIMEOUT_MS }).catch((): null => {
        console.info('No custom conf');
        return null;
      }),
    ]);
    const base = mergeConfig(custom);
    const identity = parseIdentityConfig(
      await cachedLoad(this.database, cacheKey(base.projectId, 'identity'), this.monitor.online, () => identityAsked),
    );
    this.config = { ...DEFAULT_CONFIG, ...base, identity };
    return this.config;
  }

  private requireMonitor(): OnlineMonitor {
    if (!this.monitor) throw new Error('DataCore.init() has not been called');
    return this.monitor;
  }
}
