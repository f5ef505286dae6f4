/** A sighting as the server's extent-tables route gives it: its properties by column id. */
export type ServerSighting = { properties: Record<string, unknown> };

/** The sightings (table 48) the server gives `token`'s user in the whole of Slovenia. */
export async function serverSightings(serverUrl: string, token: string): Promise<ServerSighting[]> {
  const r = await fetch(
    `${serverUrl}/api/Features/35/extenttables?extent=1440000,5660000,1850000,5920000&tableIds=48`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  return ((await r.json()) as { features: Record<string, ServerSighting[]> }).features['48']!;
}
