import { ColumnLayer } from '../layer/ColumnLayer.ts';
import { VIEW_WHOLE_MAX } from '../layer/firstView.ts';
import { COUNTRY_VIEW, viewCell } from '../../domain/firstView.ts';
import { markLayer } from '../layer/loadMarks.ts';
import type { CoreSession } from './session.ts';

/** What the first view needs of the layer it stands in for. */
export interface FirstViewHost {
  /** The key of this user's copy of the layer. */
  key(): string;
  /** Whether the device holds a copy for the user of `key`. */
  hasCopy(key: string): Promise<boolean>;
  /** The full load (or the copy brought up to date). */
  loaded(): Promise<unknown>;
  /** The layer's columns, as the full load asks for them. */
  columns: readonly number[];
  /** How long the view may take (ms). */
  timeoutMs: number;
}

/**
 * A first visit's view: the finds of the country's view thinned on the server to one per cell
 * (worker/layer/firstView.ts), asked once per user and kept until the full load is in. The full load
 * is asked only once the view's batch has left for the map, so that the view has a slow link to
 * itself; its progress shows meanwhile, and when it is in the view is dropped and the map redraws.
 */
export class LayerFirstView {
  /** The view for the user of `key` (null: none asked, or the full load is in). */
  private view: { key: string; layer: Promise<ColumnLayer | null> } | null = null;
  /** True while the full load behind a drawn view runs. */
  private fullBehindView = false;

  constructor(
    private readonly s: CoreSession,
    private readonly host: FirstViewHost,
  ) {}

  /**
   * The view (asked now if it was not), or null when the device holds a copy for this user (or the
   * view failed: the map then waits for the full load).
   */
  async layer(asked: [number, number, number, number] | null): Promise<ColumnLayer | null> {
    const key = this.host.key();
    if (this.view?.key !== key) {
      if (await this.host.hasCopy(key)) return null;
      // The map asks for the whole layer: its first view is the country's.
      if (this.view?.key !== key) this.view = { key, layer: this.ask(asked ?? COUNTRY_VIEW).catch(() => null) };
    }
    return this.view.layer;
  }

  /**
   * The full load behind a drawn view: its progress shows at once (the map holds only the view),
   * and when it is in the view is dropped and the map redraws. A failed load leaves the view; the
   * next drawing tries again.
   */
  loadBehind(): void {
    if (this.fullBehindView) return;
    this.fullBehindView = true;
    this.s.emit({ type: 'layerProgress', progress: { received: 0, total: null } });
    this.host
      .loaded()
      .then(
        () => {
          this.view = null;
          this.s.emit({ type: 'layerChanged' });
        },
        () => this.s.emit({ type: 'layerProgress', progress: null }),
      )
      .finally(() => {
        this.fullBehindView = false;
      });
  }

  /** The finds of `extent` thinned to one per cell (GET /api/Changes, view and cell). */
  private async ask(extent: readonly [number, number, number, number]): Promise<ColumnLayer> {
    const c = this.s.cfg;
    markLayer('view-asked');
    const m = await this.s.api.changes.view(
      c.projectId,
      [c.tableId],
      extent,
      viewCell(extent),
      VIEW_WHOLE_MAX,
      this.host.columns,
      { timeoutMs: this.host.timeoutMs },
    );
    const table = m.tables.get(c.tableId);
    markLayer('view-answered', { n: table?.n ?? 0 });
    return new ColumnLayer(table ? [table] : []);
  }
}
