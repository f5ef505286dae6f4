import type { FromMapChannel, LayerFilterState, MapBatch, ToMapChannel } from '../api.ts';
import { MAP_BATCH_ARRAYS, withArrays } from '../layer/batchArrays.ts';
import { lentBatches } from '../layer/keptBatches.ts';
import { buffersOf } from '../../domain/transferables.ts';

/**
 * The arrays of a batch the map draws, and nothing else: a batch with properties (PointBatch)
 * would have them copied to the map worker by the structured clone, ~0.3 s per 1M finds.
 */
export function mapBatchOf(b: MapBatch): MapBatch {
  return withArrays(b, (a) => a);
}

/** A batch for the map, and what is to happen once it has left (a load that must not compete with it for the link). */
export interface MapDrawing {
  batch: MapBatch;
  behind?: () => void;
}

/** The buffers of a batch's typed arrays, each once: they move to the map worker instead of being copied. */
export function batchTransferables(batch: MapBatch): ArrayBuffer[] {
  return buffersOf(MAP_BATCH_ARRAYS.map((k) => batch[k]));
}

/**
 * The data core's end of the channel to the map worker (issue #16): the map's batches and
 * stored tiles go straight to the thread that draws them, so that the main thread neither
 * receives nor copies them (a batch of a few hundred finds took 10–50 ms of its time at start;
 * of 100k, far more). The main thread only learns how many finds were sent.
 */
export class MapChannel {
  private port: MessagePort | null = null;
  /** The batches lent to the map (sent without a copy), by the generation they were drawn as: what takes each back. */
  private readonly lent = new Map<number, (back: MapBatch) => void>();

  constructor(
    /** The layer's sightings under a filter as the map draws them (asked with a null extent: the whole layer). */
    private readonly points: (extent: null, filter: LayerFilterState) => Promise<MapDrawing>,
    private readonly storedTile: (url: string) => Promise<Blob | null>,
  ) {}

  connect(port: MessagePort): void {
    this.port?.close();
    this.port = port;
    this.lent.clear();
    port.onmessage = (e: MessageEvent<FromMapChannel>) => {
      const m = e.data;
      if (m.type === 'tileRequest') void this.answerTile(port, m.id, m.url);
      else {
        this.lent.get(m.generation)?.(m.batch);
        this.lent.delete(m.generation);
      }
    };
  }

  async sendLayerPoints(filter: LayerFilterState, generation: number): Promise<number> {
    // The whole layer: extent culling is OpenLayers' job in the map worker.
    const drawing = await this.points(null, filter);
    const keep = lentBatches.get(drawing.batch);
    const batch = mapBatchOf(drawing.batch);
    const port = this.port;
    if (!port) throw new Error('No map is connected to the data core (connectMap)');
    // Counted before the move: a transferred array is empty on this side.
    const count = batch.ids.length;
    const message: ToMapChannel = { type: 'batch', batch, generation };
    port.postMessage(message, batchTransferables(batch));
    if (keep) this.lent.set(generation, keep);
    drawing.behind?.();
    return count;
  }

  /** A stored tile, or null when there is none or it cannot be read: the map then loads it from the network. */
  private async answerTile(port: MessagePort, id: number, url: string): Promise<void> {
    const blob = await this.storedTile(url).catch(() => null);
    const message: ToMapChannel = { type: 'tile', id, blob };
    port.postMessage(message);
  }
}
