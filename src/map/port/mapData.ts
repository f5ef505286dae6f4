import { transfer } from 'comlink';
import { core } from '../../core.ts';
import { online } from '../../state/online.ts';
import type { MapData } from './mapPort.ts';

/** The data core, as the map needs it (MapData in mapPort.ts). */
export const mapData: MapData = {
  offline: () => !online.peek(),
  connect: (port) => void core.connectMap(transfer(port, [port])),
  sendPoints: (filter, generation) => core.sendLayerPoints(filter, generation),
  properties: (ids) => core.getMapProperties(ids),
};
