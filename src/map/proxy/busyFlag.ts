/**
 * Whether the map is busy, for the tests, which wait for the map to be at rest: read-only
 * `data-map-busy` (moving or loading tiles) and `data-map-moves` (how many times it started to;
 * a worker's frames are not the page's) on the document element.
 */
export class BusyFlag {
  /** `data-map-moves` when this map was made: it only grows, also across maps. */
  private readonly movesBefore = Number(document.documentElement.dataset.mapMoves ?? 0);
  /** Whether the scene says it is moving or loading tiles. */
  private sceneBusy = false;
  /** View moves asked of the scene that have not ended yet. */
  private movesUnderWay = 0;
  private stopped = false;

  /** What the scene said: busy or not, and how many times it has started to move or load. */
  scene(busy: boolean, starts: number): void {
    this.sceneBusy = busy;
    if (!this.stopped) document.documentElement.dataset.mapMoves = String(this.movesBefore + starts);
    this.show();
  }

  /**
   * A view move asked of the scene, which settles when the move ends: the map is busy from the
   * ask on, also while the ask waits for a scene busy with other work.
   */
  move(ends: Promise<unknown>): void {
    this.movesUnderWay++;
    this.show();
    void ends.finally(() => {
      this.movesUnderWay--;
      this.show();
    });
  }

  /** The map is gone: its moves no longer count. */
  stop(): void {
    this.stopped = true;
    document.documentElement.dataset.mapBusy = '0';
  }

  private show(): void {
    if (this.stopped) return;
    document.documentElement.dataset.mapBusy = this.sceneBusy || this.movesUnderWay > 0 ? '1' : '0';
  }
}
