import type { HttpClient } from './client.ts';
import type { CallOptions } from './types.ts';

/** The static files the app reads at start: /config.json, /identity.json and the species catalogue. */
export class AppFilesApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /config.json: the site's overrides of the built-in configuration (unchecked; worker/config.ts checks it). */
  config(o: CallOptions = {}): Promise<unknown> {
    return this.http.get('/config.json', { signal: o.signal, timeoutMs: o.timeoutMs });
  }

  /** GET /identity.json: the identity provider the server trusts (unchecked; worker/config.ts checks it). */
  identity(o: CallOptions = {}): Promise<unknown> {
    return this.http.get('/identity.json', { signal: o.signal, timeoutMs: o.timeoutMs });
  }

  /** GET /species/catalogue.json (unchecked; worker/catalogue.ts checks it). */
  catalogue(o: CallOptions = {}): Promise<unknown> {
    return this.http.get('/species/catalogue.json', { signal: o.signal, timeoutMs: o.timeoutMs });
  }
}
