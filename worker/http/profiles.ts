import type { HttpClient } from './client.ts';
import type { CallOptions, UploadFile } from './types.ts';
import type { RequestBody as Body, ResponseBody as Answer } from '../../domain/shapes/index.ts';

/** /api/BaseProfiles: one typed method per call (changes need an administrator). */
export class ProfilesApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/BaseProfiles/{projectId}/{profileId}. */
  get(projectId: number, profileId: number, o: CallOptions = {}): Promise<Answer<'Profile'>> {
    return this.http.get(`/api/BaseProfiles/${projectId}/${profileId}`, { signal: o.signal });
  }

  /** GET /api/BaseProfiles/{projectId}/project. */
  project(projectId: number, o: CallOptions = {}): Promise<Answer<'Project'>> {
    return this.http.get(`/api/BaseProfiles/${projectId}/project`, { signal: o.signal });
  }

  /** POST /api/BaseProfiles/{projectId}: a new profile (201). */
  create(projectId: number, profile: Body<'ProfileInput'>, o: CallOptions = {}): Promise<Answer<'Profile'>> {
    return this.http.post(`/api/BaseProfiles/${projectId}`, profile, { signal: o.signal });
  }

  /** PUT /api/BaseProfiles/{projectId}/{profileId}: the fields given replace the stored ones. */
  update(
    projectId: number,
    profileId: number,
    profile: Body<'ProfileInput'>,
    o: CallOptions = {},
  ): Promise<Answer<'Profile'>> {
    return this.http.json('PUT', `/api/BaseProfiles/${projectId}/${profileId}`, { json: profile, signal: o.signal });
  }

  /** DELETE /api/BaseProfiles/{projectId}/{profileId}. */
  remove(projectId: number, profileId: number, o: CallOptions = {}): Promise<Answer<'Deleted'>> {
    return this.http.json('DELETE', `/api/BaseProfiles/${projectId}/${profileId}`, { signal: o.signal });
  }

  /** PUT /api/BaseProfiles/{projectId}/{profileId}/tree: order, visibility and grouping of the layers. */
  setTree(
    projectId: number,
    profileId: number,
    tree: Body<'LayerTree'>['tree'],
    o: CallOptions = {},
  ): Promise<Answer<'Profile'>> {
    return this.http.json('PUT', `/api/BaseProfiles/${projectId}/${profileId}/tree`, {
      json: { tree },
      signal: o.signal,
    });
  }

  /** POST /api/BaseProfiles/{projectId}/{profileId}/thumbnail (multipart, one JPEG or PNG). */
  setThumbnail(
    projectId: number,
    profileId: number,
    file: UploadFile,
    o: CallOptions = {},
  ): Promise<Answer<'ThumbnailResult'>> {
    const form = new FormData();
    form.append('File', file.blob, file.name);
    return this.http.json('POST', `/api/BaseProfiles/${projectId}/${profileId}/thumbnail`, {
      form,
      signal: o.signal,
      timeoutMs: 120_000,
    });
  }

  /** GET /api/BaseProfiles/{projectId}/{profileId}/thumbnail: the image (ApiError 404 when there is none). */
  async thumbnail(projectId: number, profileId: number, o: CallOptions = {}): Promise<Blob> {
    return (
      await this.http.send('GET', `/api/BaseProfiles/${projectId}/${profileId}/thumbnail`, { signal: o.signal })
    ).blob();
  }

  /** POST /api/BaseProfiles/{projectId}/copy: a copy of a profile in the same project (201). */
  copy(projectId: number, profileId: number, name?: string, o: CallOptions = {}): Promise<Answer<'Profile'>> {
    return this.http.post(`/api/BaseProfiles/${projectId}/copy`, { profileId, name }, { signal: o.signal });
  }
}
