/**
 * Main rivers of Slovenia and its neighbours as approximate polylines (lon, lat), drawn
 * from geographic knowledge; smoothed when used. Rank 1 = largest. The data is in rivers.json.
 */
import data from './rivers.json' with { type: 'json' };

/** One river. */
export interface River {
  name: string;
  /** 1 (Sava, Drava, Mura), 2 (other main rivers), 3 (tributaries). */
  rank: 1 | 2 | 3;
  /** Flat [lon, lat, ...] from source to mouth. */
  line: number[];
}

/** Water width in metres by rank. */
export const RIVER_WIDTH_M: Record<River['rank'], number> = { 1: 90, 2: 45, 3: 22 };

/** The rivers. */
export const RIVERS: River[] = data as River[];
