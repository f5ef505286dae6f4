import type { HttpClient } from './client.ts';
import type { CallOptions } from './types.ts';
import type { SensitivityClass } from '../../domain/sensitivity.ts';

/** The answer of a class change. */
export interface SensitivityChange {
  speciesId: number;
  class: SensitivityClass;
  recordsChanged: number;
}

/** Species calls (issue #21): the sensitivity classes that generalise the places of finds. */
export class SpeciesApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /api/Species/{p}/{t}/sensitivity: species id → class, for the classes above 0. */
  async sensitivity(
    projectId: number,
    tableId: number,
    o: CallOptions = {},
  ): Promise<Record<string, SensitivityClass>> {
    return (
      await this.http.get<{ classes: Record<string, SensitivityClass> }>(
        `/api/Species/${projectId}/${tableId}/sensitivity`,
        { signal: o.signal },
      )
    ).classes;
  }

  /** PUT /api/Species/{p}/{t}/{speciesId}/sensitivity (administrators). */
  setSensitivity(
    projectId: number,
    tableId: number,
    speciesId: number,
    cls: SensitivityClass,
    o: CallOptions = {},
  ): Promise<SensitivityChange> {
    return this.http.json('PUT', `/api/Species/${projectId}/${tableId}/${speciesId}/sensitivity`, {
      json: { class: cls },
      signal: o.signal,
    });
  }
}
