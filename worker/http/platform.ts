import type { HttpClient } from './client.ts';
import { AppFilesApi } from './appFiles.ts';
import { ChangesApi } from './changes.ts';
import { ColumnsApi } from './columns.ts';
import { ExportApi } from './exports.ts';
import { FeaturesApi } from './features.ts';
import { HealthApi } from './health.ts';
import { ProfilesApi } from './profiles.ts';
import { RecordsApi } from './records.ts';
import { ReviewApi } from './review.ts';
import { PersonalDataApi } from './personalData.ts';

/** The typed API client the data core calls the server with: one object per resource over one HttpClient. */
export interface PlatformApi {
  readonly http: HttpClient;
  readonly files: AppFilesApi;
  readonly health: HealthApi;
  readonly profiles: ProfilesApi;
  readonly columns: ColumnsApi;
  readonly features: FeaturesApi;
  readonly changes: ChangesApi;
  readonly records: RecordsApi;
  readonly review: ReviewApi;
  readonly exports: ExportApi;
  readonly personalData: PersonalDataApi;
}

/** The resource clients of `http`. */
export function platformApi(http: HttpClient): PlatformApi {
  return {
    http,
    files: new AppFilesApi(http),
    health: new HealthApi(http),
    profiles: new ProfilesApi(http),
    columns: new ColumnsApi(http),
    features: new FeaturesApi(http),
    changes: new ChangesApi(http),
    records: new RecordsApi(http),
    review: new ReviewApi(http),
    exports: new ExportApi(http),
    personalData: new PersonalDataApi(http),
  };
}
