import type { ExportFile } from '../api.ts';
import { crossing } from '../http/crossing.ts';
import type { CoreSession } from './session.ts';

/** How often (ms) the UI hears how much of the archive has arrived. */
const PROGRESS_EVERY_MS = 250;

/** 'Prenesi moje podatke': the signed-in person's whole data, fetched here; the main thread only saves it. */
export class PersonalDataPart {
  constructor(private readonly s: CoreSession) {}

  exportMyData(onProgress: (receivedBytes: number) => void): Promise<ExportFile> {
    return crossing(async () => {
      let last = 0;
      return this.s.api.personalData.archive((received) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS) return;
        last = now;
        onProgress(received);
      });
    });
  }
}
