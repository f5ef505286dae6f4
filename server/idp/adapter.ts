import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index.ts';

/** A stored row of `idp_store` as the adapter reads it. */
interface StoreRow {
  payload: AdapterPayload;
  consumed: number | null;
}

/** `consumed_at` as epoch seconds (float8 parses to a number on both PGlite and pg). */
const SELECT = `select payload, extract(epoch from consumed_at)::float8 as consumed from idp_store`;
/** Rows past their expiry do not exist for the provider. */
const LIVE = `(expires_at is null or expires_at > now())`;

/** The payload oidc-provider expects back: `consumed` set once the artifact was used. */
function toPayload(row: StoreRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  return row.consumed === null ? row.payload : { ...row.payload, consumed: Math.floor(row.consumed) };
}

/**
 * oidc-provider's storage for one model (Session, Grant, AccessToken, RefreshToken,
 * AuthorizationCode, Interaction, ...) in `idp_store`, the same SQL on PGlite and PostgreSQL,
 * so that several server processes share sessions and tokens.
 */
export class DbAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  /** Creates or replaces an artifact; `expiresIn` seconds from now (none = no expiry). */
  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
    const uid = typeof payload.uid === 'string' ? payload.uid : null;
    const ttl = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : null;
    await this.db.query(
      `insert into idp_store (model, id, payload, grant_id, uid, expires_at)
       values ($1, $2, $3::jsonb, $4, $5, case when $6::float8 is null then null else now() + make_interval(secs => $6::float8) end)
       on conflict (model, id) do update
         set payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid, expires_at = excluded.expires_at`,
      [this.model, id, JSON.stringify(payload), grantId, uid, ttl],
    );
  }

  /** Finds a live artifact by its id. */
  async find(id: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<StoreRow>(`${SELECT} where model = $1 and id = $2 and ${LIVE}`, [this.model, id]);
    return toPayload(rows[0]);
  }

  /** Finds a live session by its uid. */
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<StoreRow>(`${SELECT} where model = $1 and uid = $2 and ${LIVE} limit 1`, [
      this.model,
      uid,
    ]);
    return toPayload(rows[0]);
  }

  /** Finds a live device code by its user code (device flow; not enabled, kept for the interface). */
  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const rows = await this.db.query<StoreRow>(
      `${SELECT} where model = $1 and payload->>'userCode' = $2 and ${LIVE} limit 1`,
      [this.model, userCode],
    );
    return toPayload(rows[0]);
  }

  /**
   * Marks an artifact as used (codes, rotated refresh tokens), as a compare-and-set: the provider
   * reads the artifact, sees it unused and then consumes it, so two redemptions of one code at the
   * same moment (in one process or two) may both get that far; only the one whose update finds
   * `consumed_at` still empty goes on, the other fails with invalid_grant and issues nothing.
   */
  async consume(id: string): Promise<void> {
    const rows = await this.db.query(
      'update idp_store set consumed_at = now() where model = $1 and id = $2 and consumed_at is null returning id',
      [this.model, id],
    );
    if (rows.length === 0) throw new errors.InvalidGrant(`${this.model} already consumed`);
  }

  /** Deletes an artifact. */
  async destroy(id: string): Promise<void> {
    await this.db.query('delete from idp_store where model = $1 and id = $2', [this.model, id]);
  }

  /** Deletes every artifact of this model that belongs to a grant (logout, refresh-token reuse). */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.query('delete from idp_store where model = $1 and grant_id = $2', [this.model, grantId]);
  }
}

/** The adapter factory for the provider's configuration. */
export function dbAdapterFactory(db: Db): (model: string) => Adapter {
  return (model) => new DbAdapter(db, model);
}

/** Deletes artifacts that expired more than an hour ago (their rows are no longer read anyway). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.query(`delete from idp_store where expires_at < now() - interval '1 hour'`);
}
