/**
 * The whole main-thread <-> worker contract. `src/core.ts` wraps the worker with
 * `Comlink.wrap<DataCore>()`; everything else in src/ imports these types with `import type`.
 * Types only: it imports nothing but type modules, so the UI's compile never reaches the
 * worker's implementation.
 */
import type { BaseMap, Column, DataRecord, Profile, Project, Properties, SelectValue } from '../domain/model.ts';
import type {
  FindPhoto,
  PhotoInspection,
  SaveRecordInput,
  SaveRecordResult,
  SaveStage,
  SpeciesOption,
} from './records/types.ts';
import type { DetailedFeature } from './records/types.ts';
import type { ExportFile } from './http/types.ts';
import type { RequestBody } from '../domain/shapes/index.ts';
import type { MapFilterState } from '../domain/mapFilter.ts';
import type { PackedProperties } from '../domain/packedProperties.ts';
import type { HistoryEntry, ReviewScope } from '../domain/review.ts';
import type { ErasureFinds } from '../domain/erasure.ts';
import type { Inbox, QueuePage, QueueQuery } from './review/types.ts';
import type { DownloadArea, DownloadEstimate, DownloadProgress, ExtentSummary } from './download/types.ts';
import type {
  BackupExportAnswer,
  BackupImportAnswer,
  ConflictInfo,
  PendingChangeInfo,
  SyncState,
} from './sync/types.ts';
import type { SpeciesHit } from '../domain/speciesSearch.ts';
import type { ReadProgress as LayerLoadProgress } from './http/types.ts';
import type { DuplicateCheck } from './records/types.ts';
import type { FindSound, SoundChange } from './sounds/types.ts';
import type { SoundMime } from '../domain/sound.ts';

// What the UI uses of the contract's types. The form's, the review queue's and the sounds' type
// modules hold nothing else, so they are passed on whole.
export type * from './records/types.ts';
export type * from './review/types.ts';
export type * from './sounds/types.ts';
export type { HistoryEntry, HistoryKind, ReviewScope } from '../domain/review.ts';
export type { DetailedFeature } from './records/types.ts';
export type { ExportFile } from './http/types.ts';
/** A verdict and/or species correction (POST …/review). */
export type ReviewInput = RequestBody<'ReviewRequest'>;
export type { DownloadArea, DownloadEstimate, DownloadProgress, ExtentSummary } from './download/types.ts';
export type { BackupRefusal } from './sync/types.ts';
export type { BackupExportAnswer, BackupImportAnswer, ConflictInfo, PendingChangeInfo, SyncState };
export type { SpeciesHit } from '../domain/speciesSearch.ts';
export type { ReadProgress as LayerLoadProgress } from './http/types.ts';

/** One species of the catalogue: id, name, image, info images, description, link. */
export interface CatalogueSpecies {
  id: number;
  name: string;
  latin: string;
  status: string;
  description: string;
  link: string;
  /** Path relative to the site root, e.g. 'species/1804.svg'. */
  image: string;
  infoImages: string[];
}

/** A species group with its colour, species and 'other' entry. */
export interface CatalogueGroup {
  id: number;
  key: string;
  name: string;
  color: string;
  other: { id: number; name: string; description?: string; image?: string };
  species: CatalogueSpecies[];
}

/** The species catalogue served at /species/catalogue.json. */
export interface Catalogue {
  otherColor: string;
  imageCredit?: string;
  groups: CatalogueGroup[];
}

/** The identity provider settings of /identity.json. */
export interface IdentityConfig {
  authority: string;
  client_id: string;
  scope: string;
  /** What the server checks in `aud` (server/auth/claims.ts); the app passes it through. */
  audience?: string | null | false;
  /** The claim the server reads roles from (server/auth/verify.ts, domain/roles.ts); absent = `roles`. */
  roles_claim?: string;
}

/** The app configuration, with /config.json overrides applied. */
export interface AppConfig {
  projectId: number;
  profileId: number;
  layerId: number;
  tableViewId: number;
  /** Sightings table (48). */
  tableId: number;
  primaryColumnId: number;
  attachmentInfoId: number;
  /** [minLat, minLon, maxLat, maxLon] as SPEC writes it: [45.2, 13, 47, 17]. */
  defaultExtent: [number, number, number, number];
  contactEmail: string;
  version: string;
  /**
   * Species images from an external atlas host: `base` + the catalogue's file name is
   * the thumbnail; its `thumbsPart` path segment swapped for `fullPart` is the full image.
   * Null = the images the app ships (works offline).
   */
  speciesImages: { base: string; thumbsPart: string; fullPart: string } | null;
  identity: IdentityConfig;
}

/** What the signed-in user is, as the worker needs it for requests and filters. */
export interface SessionInfo {
  accessToken: string | null;
  email: string | null;
}

/**
 * The map layer's features in one batch, already filtered, ready to draw: typed arrays only, so
 * that the whole batch moves to the map worker without a copy. The map asks the data core for a
 * find's properties when it is clicked (DataCore.getMapProperties).
 */
export interface MapBatch {
  /** Record ids. */
  ids: Float64Array;
  /** x0, y0, x1, y1, ... in EPSG:3857. */
  coords: Float64Array;
  /** Index of the symbology rule that styles each feature (rules.length = the default style). */
  styleIndex: Uint16Array;
  /**
   * The first zoom-thinning level at which each point is drawn (worker/layer/thin.ts): at low
   * zoom the map draws one point per style in each cell of a few pixels; hidden points stay on
   * the layer (clicks and counts see them).
   */
  minLevel: Uint8Array;
  /** 1 where the find is not confirmed (STATUS other than 1): drawn lighter (worker/layer/unconfirmed.ts). */
  unconfirmed: Uint8Array;
  /**
   * Per point: the side in metres (1000 or 10000) of the national-grid square whose centre the
   * point is, when the caller gets a sensitive species' find generalised (issue #21); 0 = exact.
   */
  generalised: Uint16Array;
  /**
   * The distinct squares of the generalised points: 8 numbers each, the corners SW, SE, NE, NW as
   * x, y in EPSG:3857, projected in the data core (worker/layer/squares.ts). Many finds share one.
   */
  squares: Float64Array;
  /** Per point: its square's place in `squares`, -1 for an exact place (or one the data core could not project). */
  squareOf: Int32Array;
  /** Per square: its box, minX, minY, maxX, maxY (NaN when it could not be projected). */
  squareBoxes: Float64Array;
  /**
   * Per square, one byte per style (the styles are `squareLooks.length / (squares.length / 8)`):
   * 1 where a point of that style lies in it. The map draws a square per style from these.
   */
  squareLooks: Uint8Array;
}

/** A MapBatch with each find's properties ('Moje najdbe' lists them). */
export interface PointBatch extends MapBatch {
  /**
   * Properties of each feature, packed by key (domain/packedProperties.ts:
   * `unpackProperties(batch.properties, i)`).
   */
  properties: PackedProperties;
}

/** The map's filter state: year, species, 'mine only' and the review status (issue #20), combined with AND. */
export type LayerFilterState = MapFilterState;

/** What the data core sends the map worker over the channel of `connectMap`. */
export type ToMapChannel =
  | { type: 'batch'; batch: MapBatch; generation: number }
  /** The answer to a `tileRequest`: the stored tile, or null (load it from the network). */
  | { type: 'tile'; id: number; blob: Blob | null };

/**
 * What the map worker sends the data core over that channel: a request for a stored tile
 * (offline), and the arrays of a batch a newer one replaced, handed back (the data core keeps
 * the batch of every row that way instead of a copy: worker/layer/layerBatch.ts, `lentBatches`).
 */
export type FromMapChannel =
  { type: 'tileRequest'; id: number; url: string } | { type: 'returned'; generation: number; batch: MapBatch };

/** Events the worker pushes to the main thread through `subscribe`. */
export type CoreEvent =
  | { type: 'online'; online: boolean }
  | { type: 'sessionExpired' }
  | { type: 'layerChanged' }
  /** The whole layer's first load (no copy on the device yet): how much has arrived; null when it ended. */
  | { type: 'layerProgress'; progress: LayerLoadProgress | null }
  | { type: 'download'; progress: DownloadProgress }
  | { type: 'extentsChanged' }
  | { type: 'sync'; state: SyncState }
  /** A sound waits on the device to be sent (offline, or its upload stopped): the page asks for a background sync. */
  | { type: 'soundsWaiting' };

/** The data core: network, storage and heavy work, in one module worker. */
export interface DataCore {
  /** Loads the configuration (/config.json override, /identity.json) once; later calls return it. */
  init(origin: string): Promise<AppConfig>;
  /** Sets the bearer token and e-mail used from now on (null = signed out). */
  setSession(session: SessionInfo): void;
  /**
   * Registers the one listener for pushed events (a Comlink.proxy) and answers the online state as
   * init's health check left it (no request of its own).
   */
  subscribe(listener: (event: CoreEvent) => void): boolean;
  /** Checks the server now (GET /api/Test) and returns the online state. */
  checkOnline(): Promise<boolean>;
  /** The profile (layers, symbology, base maps, initial view). */
  getProfile(): Promise<Profile>;
  /** The project (tables with columns). */
  getProject(): Promise<Project>;
  /** The species catalogue with the group colours. */
  getCatalogue(): Promise<Catalogue>;
  /** Values of a Select column. */
  getSelectValues(columnId: number): Promise<SelectValue[]>;
  /** The base maps of the profile. */
  getBaseMaps(): Promise<BaseMap[]>;
  /** The sightings layer inside `extent` (EPSG:3857; null: the whole layer), filtered and styled, in one batch. */
  getLayerPoints(extent: [number, number, number, number] | null, filter: LayerFilterState): Promise<PointBatch>;
  /**
   * Connects the map worker's end of a MessageChannel (transferred with Comlink's `transfer`):
   * from now on the map's batches and stored tiles go there directly, never through the main
   * thread (issue #16; ToMapChannel, FromMapChannel). A new map connects anew; the old port is closed.
   */
  connectMap(port: MessagePort): void;
  /**
   * Sends the whole layer's sightings under `filter` to the connected map worker as batch
   * `generation` (transferred, not copied) and resolves with their number.
   */
  sendLayerPoints(filter: LayerFilterState, generation: number): Promise<number>;
  /**
   * The layer's columns of the finds `ids` as the data core's sightings layer now has them (the
   * map's card of a click), null for a find it no longer has.
   */
  getMapProperties(ids: number[]): Promise<(Properties | null)[]>;
  /**
   * The finds the map shows (the filter state within `extent`, EPSG:3857) as a GeoJSON or CSV file
   * from the server (issue #21), fetched with the user's token; the main thread only saves it.
   */
  exportFinds(
    format: 'geojson' | 'csv',
    extent: [number, number, number, number] | null,
    filter: LayerFilterState,
  ): Promise<ExportFile>;
  /**
   * 'Prenesi moje podatke': everything the platform holds about the signed-in person as one ZIP
   * (GET /api/me/export), fetched with her token; `onProgress` (a Comlink.proxy) hears the bytes
   * received so far a few times a second. The main thread only saves the file.
   */
  exportMyData(onProgress: (receivedBytes: number) => void): Promise<ExportFile>;
  /** The columns of the sightings table. */
  getSightingColumns(): Promise<Column[]>;

  /** Species of each group (group id -> options), from the group-unit relation. */
  getSpeciesByGroup(): Promise<Record<number, SpeciesOption[]>>;
  /** The report form's species search: species and 'other' entries of every group by Slovenian or Latin name (case and diacritics ignored), best first. */
  searchSpecies(query: string): Promise<SpeciesHit[]>;
  /** Ids of the user's finds likely the same as this one (same species, <= 100 m, same Ljubljana day): server and device. */
  findDuplicates(check: DuplicateCheck): Promise<number[]>;
  /** The report form opened: loads what reading a photo needs (the EXIF reader) while there may be a signal. */
  preparePhotos(): void;
  /** Checks a picked photo (type by bytes), reads EXIF GPS and date, makes a preview. */
  inspectPhoto(file: Blob): Promise<PhotoInspection>;
  /** A sighting with its photos, for editing. */
  getRecord(id: number): Promise<DetailedFeature>;
  /** Saves a new or edited sighting; `onStage` (a Comlink.proxy) announces the stages. */
  saveRecord(input: SaveRecordInput, onStage: (stage: SaveStage) => void): Promise<SaveRecordResult>;
  /** Deletes a sighting. */
  deleteRecord(id: number, baseVersion?: number): Promise<void>;
  /** A find's photo (thumbnail or full size) from the server or, offline, the local store; null = none. */
  getPhoto(id: number, thumb: boolean): Promise<Blob | null>;
  /** The audio type of a picked file by its content (domain/sound.ts), or null when it is no accepted sound. */
  inspectSound(file: Blob): Promise<SoundMime | null>;
  /** A find's sound (domain/sound.ts): one waiting on the device, else the server's; null when none. */
  getSound(id: number): Promise<FindSound | null>;
  /** Keeps the report form's change of a find's sound; it reaches the server once, now or when back online. */
  saveSound(id: number, change: SoundChange): Promise<void>;
  /** Every photo of a find in its order (thumbnails or full size), from the server or the device; [] = none. */
  getPhotos(id: number, thumb: boolean): Promise<FindPhoto[]>;

  /** Estimates downloading a map area (tiles, megabytes, features, free space). */
  estimateDownload(area: DownloadArea): Promise<DownloadEstimate>;
  /** Starts downloading an area; progress comes as 'download' events. */
  startDownload(area: DownloadArea): Promise<{ jobId: string; extentId: number }>;
  /** Cancels a download (what is stored stays). */
  cancelDownload(jobId: string): Promise<void>;
  /** Download jobs and their progress. */
  getDownloads(): Promise<DownloadProgress[]>;
  /** The downloaded areas ('Prenešene karte'). */
  listExtents(): Promise<ExtentSummary[]>;
  /** Renames a downloaded area. */
  renameExtent(id: number, name: string): Promise<void>;
  /** Deletes a downloaded area and frees its space. */
  deleteExtent(id: number): Promise<void>;
  /** A stored base-map tile for the offline map, or null. */
  getTile(url: string): Promise<Blob | null>;
  /** Sends waiting offline changes now. */
  syncNow(): Promise<void>;
  /** The outbox state. */
  getSyncState(): Promise<SyncState>;
  /** Changes the server refused, with its reasons. */
  getConflicts(): Promise<ConflictInfo[]>;
  /** Changes still on their way to the server, each with where it stands. */
  getPendingChanges(): Promise<PendingChangeInfo[]>;
  /** Drops a refused change, or one still waiting (the record goes back to the server's version). */
  discardChange(changeId: string): Promise<void>;
  /** Sends a refused change as a new record. */
  saveChangeAsNew(changeId: string): Promise<void>;
  /** Forgets the token kept for the service worker's background sync (sign-out). */
  forgetBackgroundSetup(): Promise<void>;
  /** The service worker sent changes in the background while the page was open: redraw the layer and recount. */
  outboxChangedElsewhere(): Promise<void>;
  /** Every change not yet on the server, with its photos and other attachments, as one ZIP to save (docs/backup.md). */
  exportPendingBackup(): Promise<BackupExportAnswer>;
  /** Queues the changes of a backup file again (same idempotency keys; ones already here are left out). */
  importPendingBackup(file: Blob): Promise<BackupImportAnswer>;
  /** Keeps the user's change over the server's newer version of the record (a 412 conflict) and sends it. */
  keepMyChange(changeId: string): Promise<void>;

  /** The groups the signed-in user reviews (from her token's roles; the server decides). */
  getReviewScope(): Promise<ReviewScope>;
  /** The review queue: the records of her groups, filtered, oldest first, paged, with counts per status. */
  getReviewQueue(query: QueueQuery): Promise<QueuePage>;
  /** A verdict and/or species correction (online only), based on the version the reviewer saw. */
  /** The record after the verdict: its new STATUS, species and version (the next verdict's If-Match). */
  reviewRecord(id: number, input: ReviewInput, baseVersion?: number): Promise<DataRecord>;
  /** A record's history (changes, verdicts, comments), oldest first. */
  getHistory(id: number): Promise<HistoryEntry[]>;
  /** Adds a comment to a record. */
  addComment(id: number, text: string): Promise<HistoryEntry>;
  /** The reporter's inbox ('Obvestila'); refresh = ask the server for what is new first (else the stored copy, offline too). */
  getInbox(refresh: boolean): Promise<Inbox>;
  /** Everything in the inbox has been seen. */
  markInboxSeen(): Promise<void>;

  /**
   * 'Izbriši račun': deletes the signed-in user's account on the server (waiting finds deleted,
   * confirmed ones kept anonymised unless `finds` is 'all'), then wipes this device's store and outbox.
   */
  deleteAccount(finds: ErasureFinds): Promise<AccountErasure>;
}

/** What DELETE /api/Account answered: her finds deleted and kept (anonymised). */
export interface AccountErasure {
  deleted: number;
  kept: number;
}
