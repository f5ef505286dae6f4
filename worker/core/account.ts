import type { ErasureFinds } from '../../domain/erasure.ts';
import type { AccountErasure } from '../api.ts';
import type { CoreSession } from './session.ts';

/**
 * 'Izbriši račun' (docs/account-deletion.md): asks the server to delete the signed-in user's
 * account (DELETE /api/Account), then wipes everything of hers on this device: every table of the
 * local store (her offline finds and photos, the outbox, the cached answers, downloaded areas,
 * her inbox and the service worker's background-sync token).
 */
export class AccountPart {
  constructor(private readonly s: CoreSession) {}

  /** Deletes the account (online only: the request fails offline) and then the device's data. */
  async deleteAccount(finds: ErasureFinds): Promise<AccountErasure> {
    const result = await this.s.api.http.json<AccountErasure>('DELETE', '/api/Account', { query: { finds } });
    // Her token is dead from now on: nothing more is asked or sent with it.
    this.s.setSession({ accessToken: null, email: null });
    await this.wipeDevice();
    return result;
  }

  /** Empties every table of the local store in one transaction. */
  async wipeDevice(): Promise<void> {
    const db = this.s.db;
    await db.transaction('rw', db.tables, async () => {
      for (const table of db.tables) await table.clear();
    });
  }
}
