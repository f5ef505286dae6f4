/** How often the server is asked whether it is reachable (GET /api/Test). */
export const HEALTH_CHECK_INTERVAL_MS = 10_000;

/** Options of the online monitor. */
export interface OnlineMonitorOptions {
  /** Performs GET /api/Test; resolves true only on status 200. */
  ping: () => Promise<boolean>;
  /** What the browser says (navigator.onLine). */
  browserOnline: () => boolean;
  /** Called whenever the state changes. */
  onChange: (online: boolean) => void;
  /** Interval between checks; default 10 s. */
  intervalMs?: number;
}

/**
 * Online = the browser reports online AND the last GET /api/Test answered 200.
 * Checks every 10 s and on demand; reports only changes.
 */
export class OnlineMonitor {
  private state: boolean | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<boolean> | null = null;

  constructor(private readonly opts: OnlineMonitorOptions) {}

  /** The last known state (false before the first check). */
  get online(): boolean {
    return this.state === true;
  }

  /** Starts the periodic check (and runs one now). */
  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.opts.intervalMs ?? HEALTH_CHECK_INTERVAL_MS);
  }

  /** Stops the periodic check. */
  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Checks now; concurrent callers share one request. */
  check(): Promise<boolean> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<boolean> {
    let ok = false;
    if (this.opts.browserOnline()) {
      try {
        ok = await this.opts.ping();
      } catch {
        ok = false;
      }
    }
    this.set(ok);
    return ok;
  }

  private set(online: boolean): void {
    if (this.state === online) return;
    this.state = online;
    this.opts.onChange(online);
  }
}
