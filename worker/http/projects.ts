import type { HttpClient } from './client.ts';
import type { CallOptions } from './types.ts';
import type { RequestBody as Body, ResponseBody as Answer } from '../../domain/shapes/index.ts';

/** /api/Projects: one typed method per call (changes and the full list need an administrator). */
export class ProjectsApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/Projects: the projects the caller may see. */
  list(o: CallOptions = {}): Promise<Answer<'ProjectSummary'>[]> {
    return this.http.get('/api/Projects', { signal: o.signal });
  }

  /** GET /api/Projects/all: every project, drafts included. */
  all(o: CallOptions = {}): Promise<Answer<'ProjectSummary'>[]> {
    return this.http.get('/api/Projects/all', { signal: o.signal });
  }

  /** GET /api/Projects/{projectId}. */
  get(projectId: number, o: CallOptions = {}): Promise<Answer<'Project'>> {
    return this.http.get(`/api/Projects/${projectId}`, { signal: o.signal });
  }

  /** POST /api/Projects: a new, empty project (201). */
  create(input: Body<'ProjectInput'> & { name: string }, o: CallOptions = {}): Promise<Answer<'Project'>> {
    return this.http.post('/api/Projects', input, { signal: o.signal });
  }

  /** PUT /api/Projects/{projectId}: name, description, public. */
  update(projectId: number, input: Body<'ProjectInput'>, o: CallOptions = {}): Promise<Answer<'Project'>> {
    return this.http.json('PUT', `/api/Projects/${projectId}`, { json: input, signal: o.signal });
  }

  /** DELETE /api/Projects/{projectId}: the project and everything in it. */
  remove(projectId: number, o: CallOptions = {}): Promise<Answer<'Deleted'>> {
    return this.http.json('DELETE', `/api/Projects/${projectId}`, { signal: o.signal });
  }

  /** POST /api/Projects/copy: a copy with new ids (201). */
  copy(request: Body<'ProjectCopyRequest'>, o: CallOptions = {}): Promise<Answer<'Project'>> {
    return this.http.post('/api/Projects/copy', request, { signal: o.signal, timeoutMs: 120_000 });
  }
}
