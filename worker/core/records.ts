import type { DetailedFeature, SaveRecordInput, SaveRecordResult, SaveStage, SpeciesOption } from '../api.ts';
import { crossing } from '../http/crossing.ts';
import { RecordsCore } from '../records/recordsCore.ts';
import { deleteAnywhere, getAnywhere, saveAnywhere, type WriteDeps } from '../records/writes.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';
import type { SyncPart } from './sync.ts';

/**
 * Reporting: a sighting read, saved or deleted on the server when online, or on the device with
 * a queued change when offline (worker/records/writes.ts); and the species of each group.
 */
export class RecordsPart {
  private online: RecordsCore | null = null;

  /** @param layerChanged called after every write (the layer redraws). */
  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    private readonly sync: SyncPart,
    private readonly layerChanged: () => void,
  ) {}

  getSpeciesByGroup(): Promise<Record<number, SpeciesOption[]>> {
    return this.s.cached(['speciesByGroup'], () => this.recordsCore().speciesByGroup());
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
    };
  }

  private recordsCore(): RecordsCore {
    this.online ??= new RecordsCore(this.s.api.http, this.s.target);
    return this.online;
  }
}
