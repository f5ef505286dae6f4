import { transfer } from 'comlink';
import { core } from '../core.ts';
import { online } from '../state/online.ts';
import type { MapData } from './mapPort.ts';

/** The whole layer: extent culling is OpenLayers' job. */
const ALL: [number, number, number, number] = [-Infinity, -Infinity, Infinity, Infinity];

/** The data core, as the map needs it (MapData in mapPort.ts). */
export const mapData: MapData = {
  points: (filter) => core.getLayerPoints(ALL, filter),
  offline: () => !online.peek(),
  storedTile: (url) => core.getTile(url),
  connect: (port) => void core.connectMap(transfer(port, [port])),
  sendPoints: (filter, generation) => core.sendLayerPoints(filter, generation),
};
