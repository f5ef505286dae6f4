import type { DetailedFeature, SaveRecordInput, SaveRecordResult, SaveStage, SpeciesOption } from '../api.ts';
import { crossing } from '../http/crossing.ts';
import { RecordsCore } from '../records/recordsCore.ts';
import { deleteAnywhere, getAnywhere, saveAnywhere, type WriteDeps } from '../records/writes.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';
import type { SyncPart } from './sync.ts';
import type { Catalogue, DuplicateCheck } from '../api.ts';
import { indexSpecies, searchSpecies, type IndexedHit, type SpeciesHit } from '../../domain/speciesSearch.ts';
import type { Feature } from '../../domain/model.ts';
import { duplicatesAmong, duplicatesOnServer } from '../records/duplicates.ts';

/**
 * Reporting: a sighting read, saved or deleted on the server when online, or on the device with
 * a queued change when offline (worker/records/writes.ts); and the species of each group.
 */
export class RecordsPart {
  private online: RecordsCore | null = null;
  /** The species search's index of the catalogue it was built from (rebuilt when the catalogue changes). */
  private speciesIndex: { of: Catalogue; index: IndexedHit[] } | null = null;

  /**
   * @param layerChanged called after every write (the layer redraws).
   * @param layerCopy the row of a find in the device's copy of the layer (read offline when no record is stored).
   */
  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    private readonly sync: SyncPart,
    private readonly layerChanged: () => void,
    private readonly layerCopy: (id: number) => Promise<Feature | null>,
  ) {}

  getSpeciesByGroup(): Promise<Record<number, SpeciesOption[]>> {
    return this.s.cached(['speciesByGroup'], () => this.recordsCore().speciesByGroup());
  }

  /** The species search of the report form (domain/speciesSearch.ts) over the stored catalogue: works offline. */
  async searchSpecies(query: string): Promise<SpeciesHit[]> {
    const cat = await this.profile.getCatalogue();
    if (this.speciesIndex?.of !== cat) this.speciesIndex = { of: cat, index: indexSpecies(cat.groups) };
    return searchSpecies(this.speciesIndex.index, query);
  }

  /**
   * The user's finds that are likely the same find (domain/duplicates.ts): the server's answer over
   * all her finds when online, joined with the finds on the device (offline ones not yet sent);
   * only the device's when offline or when the server cannot answer.
   */
  async findDuplicates(check: DuplicateCheck): Promise<number[]> {
    const local = duplicatesAmong(await this.sync.records.list(), check, this.s.current.email);
    if (!this.s.online) return local;
    const remote = await duplicatesOnServer(this.s.api.http, this.s.target, check).catch((e: unknown) => {
      console.error('Duplicate lookup failed; the device copy decides', e);
      return [];
    });
    return [...new Set([...remote, ...local])].sort((a, b) => a - b);
  }

  getRecord(id: number): Promise<DetailedFeature> {
    return crossing(async () => getAnywhere(await this.writeDeps(), id));
  }

  saveRecord(input: SaveRecordInput, onStage: (stage: SaveStage) => void): Promise<SaveRecordResult> {
    return crossing(async () => {
      const result = await saveAnywhere(await this.writeDeps(), input, onStage);
      this.afterWrite(result.offline);
      return result;
    });
  }

  deleteRecord(id: number, baseVersion?: number): Promise<void> {
    return crossing(async () => {
      const r = await deleteAnywhere(await this.writeDeps(), id, baseVersion);
      this.afterWrite(r.offline);
    });
  }

  private afterWrite(offline: boolean): void {
    this.layerChanged();
    if (offline) void this.sync.afterOfflineWrite();
  }

  private async writeDeps(): Promise<WriteDeps> {
    return {
      online: this.s.online,
      records: this.recordsCore(),
      offline: this.sync.records,
      columns: await this.profile.getSightingColumns(),
      email: this.s.current.email,
      attachmentInfoId: this.s.cfg.attachmentInfoId,
      layerCopy: this.layerCopy,
    };
  }

  private recordsCore(): RecordsCore {
    this.online ??= new RecordsCore(this.s.api.http, this.s.target);
    return this.online;
  }
}
