import type { HttpClient } from './client.ts';
import type { CallOptions } from './types.ts';

/** The health check: GET /api/Test answers 200 while the server is reachable. */
export class HealthApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/Test: resolves when the server answers 200. */
  async test(o: CallOptions & { timeoutMs?: number } = {}): Promise<{ status: 'ok' }> {
    return this.http.get('/api/Test', { signal: o.signal, timeoutMs: o.timeoutMs });
  }
}
