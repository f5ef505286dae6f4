import type { DataCore, SessionInfo } from '../api.ts';
import { CoreSession, type DataCoreOptions } from './session.ts';
import { ProfileData } from './profile.ts';
import { LayerPart } from './layer.ts';
import { SyncPart } from './sync.ts';
import { PhotosPart } from './photos.ts';
import { SoundsPart } from './sounds.ts';
import { AreasPart } from './areas.ts';
import { RecordsPart } from './records.ts';
import { ReviewPart } from './review.ts';
import { MapChannel } from './mapChannel.ts';
import { AccountPart } from './account.ts';
import { PersonalDataPart } from './personalData.ts';

export type { DataCoreOptions } from './session.ts';

/** The methods `names` of `part`, bound to it: the calls of DataCore that the part answers as they are. */
function bound<P extends object, K extends keyof P>(part: P, names: readonly K[]): Pick<P, K> {
  const out = {} as Pick<P, K>;
  for (const k of names) out[k] = (part[k] as (...args: never[]) => unknown).bind(part) as P[K];
  return out;
}

/**
 * The data core behind the Comlink boundary (DataCore in worker/api.ts): one facade over its
 * parts, one per concern (worker/core/*.ts). It wires them together and decides what a new
 * token or a change of the online state sets going; every other call is the one part's, listed
 * by part below.
 */
export function createDataCore(opts: DataCoreOptions = {}): DataCore {
  const session = new CoreSession(opts, (online) => onlineChanged(online));
  const profile = new ProfileData(session);
  const layerChanged = (): void => layer.changed();
  // After the outbox is sent (and a find created offline has its server id), its sounds go.
  const sync: SyncPart = new SyncPart(session, layerChanged, (): Promise<void> => sounds.flush());
  const layer = new LayerPart(session, profile, () => sync.records.stored());
  const photos = new PhotosPart(session, () => sync.records);
  const sounds: SoundsPart = new SoundsPart(session, () => sync.records);
  const areas = new AreasPart(session, profile, {
    features: (extent, signal) => layer.fetch(extent, signal),
    thumbnail: (id, signal) => photos.thumbnail(id, signal),
    layerChanged,
  });
  const records = new RecordsPart(session, profile, sync, layerChanged, (id) => layer.copyFeature(id));
  const review = new ReviewPart(session, profile, layer);
  const account = new AccountPart(session);
  const personalData = new PersonalDataPart(session);
  const mapChannel = new MapChannel(
    (extent, filter) => layer.mapPoints(extent, filter),
    (url) => areas.getTile(url),
  );

  /** Downloads, then the outbox, left by a reload, a closed tab or a lost connection. */
  const resume = async (): Promise<void> => {
    await areas.resume();
    await sync.syncNow();
  };
  /** The layer's source switches between the server and the local store; back online, waiting work goes on. */
  function onlineChanged(online: boolean): void {
    layer.changed();
    if (online) void resume().catch((e: unknown) => console.error('Resume failed', e));
  }

  return {
    ...bound(session, ['init', 'subscribe', 'checkOnline']),
    setSession(info: SessionInfo): void {
      const { changedUser, hadToken } = session.setSession(info);
      // Another user sees other rows (their own hidden ones): reload the layer.
      if (changedUser) layer.changed();
      // A first visit's view is asked as soon as the user is known, before the map asks for it.
      if (session.ready && session.online) layer.askFirstView();
      sync.keepBackgroundSetup();
      // With the first token (or a renewed one), downloads and changes left by a reload, a closed
      // tab or an expired token go on.
      if (info.accessToken && session.ready && session.online) {
        void (hadToken ? sync.syncNow() : resume()).catch((e: unknown) => console.error('Resume failed', e));
      }
    },
    ...bound(profile, [
      'getProfile',
      'getProject',
      'getCatalogue',
      'getSelectValues',
      'getBaseMaps',
      'getSightingColumns',
    ]),
    ...bound(layer, ['getLayerPoints', 'getMapProperties', 'exportFinds']),
    ...bound(mapChannel, ['sendLayerPoints']),
    connectMap(port: MessagePort): void {
      mapChannel.connect(port);
    },
    ...bound(records, [
      'getSpeciesByGroup',
      'searchSpecies',
      'findDuplicates',
      'getRecord',
      'saveRecord',
      'deleteRecord',
    ]),
    ...bound(photos, ['preparePhotos', 'inspectPhoto', 'getPhoto', 'getPhotos']),
    ...bound(sounds, ['inspectSound', 'getSound', 'saveSound']),
    ...bound(areas, [
      'estimateDownload',
      'startDownload',
      'cancelDownload',
      'getDownloads',
      'listExtents',
      'renameExtent',
      'deleteExtent',
      'getTile',
    ]),
    ...bound(sync, [
      'syncNow',
      'getSyncState',
      'getConflicts',
      'getPendingChanges',
      'discardChange',
      'saveChangeAsNew',
      'keepMyChange',
      'forgetBackgroundSetup',
      'outboxChangedElsewhere',
      'exportPendingBackup',
      'importPendingBackup',
    ]),
    ...bound(personalData, ['exportMyData']),
    ...bound(review, [
      'getReviewScope',
      'getReviewQueue',
      'reviewRecord',
      'getHistory',
      'addComment',
      'getInbox',
      'markInboxSeen',
    ]),
    ...bound(account, ['deleteAccount']),
  };
}
