import type { ReviewApi } from '../http/review.ts';
import type { RequestBody } from '../../domain/shapes/index.ts';

/** A verdict and/or species correction (POST …/review). */
type ReviewInput = RequestBody<'ReviewRequest'>;
import type { Inbox } from './types.ts';
import type { OfflineDb } from '../store/db.ts';
import type { DataRecord } from '../../domain/model.ts';
import type { HistoryEntry } from '../../domain/review.ts';
import { DEFAULT_ROLES_CLAIM, readRoles } from '../../domain/roles.ts';

/** Where the reporter's inbox is kept (the settings table), per user. */
const inboxKey = (email: string): string => `inbox:${email}`;

/** What the inbox keeps on the device. */
interface StoredInbox {
  entries: HistoryEntry[];
  /** The newest entry id the reporter has seen. */
  seen: number;
}

/** Most inbox entries kept on the device. */
const KEEP = 100;

/**
 * The roles of an access token, when it is a JWT, read by the server's rule (domain/roles.ts) from
 * the same claim (`rolesClaim`, identity.json `roles_claim`) and client; the claims are read, not
 * verified: the server decides.
 */
export function rolesOfToken(
  token: string | null,
  rolesClaim = DEFAULT_ROLES_CLAIM,
  clientId: string | null = null,
): string[] {
  const part = token?.split('.')[1];
  if (!part) return [];
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as unknown;
    return payload && typeof payload === 'object'
      ? readRoles(payload as Record<string, unknown>, rolesClaim, clientId)
      : [];
  } catch {
    return [];
  }
}

/** Review calls of the data core: verdicts, comments, history and the reporter's inbox (issue #20). */
export class ReviewCore {
  constructor(
    private readonly api: ReviewApi,
    private readonly db: OfflineDb,
    private readonly target: { projectId: number; tableId: number },
  ) {}

  /** A verdict and/or a species correction; with the version the reviewer saw (412 when it changed). */
  review(id: number, input: ReviewInput, baseVersion?: number): Promise<DataRecord> {
    return this.api.review(this.target.projectId, this.target.tableId, id, input, baseVersion);
  }

  /** The history of a record, oldest first. */
  history(id: number): Promise<HistoryEntry[]> {
    return this.api.history(this.target.projectId, this.target.tableId, id);
  }

  /** Adds a comment to a record's history. */
  comment(id: number, text: string): Promise<HistoryEntry> {
    return this.api.comment(this.target.projectId, this.target.tableId, id, text);
  }

  private async stored(email: string): Promise<StoredInbox> {
    const row = await this.db.settings.get(inboxKey(email));
    const v = row?.value as StoredInbox | undefined;
    return v && Array.isArray(v.entries) ? v : { entries: [], seen: 0 };
  }

  /** The inbox as last stored: works offline. */
  async inbox(email: string): Promise<Inbox> {
    const s = await this.stored(email);
    return { entries: s.entries, unseen: s.entries.filter((e) => e.id > s.seen).length };
  }

  /** Fetches what is new since the newest stored entry, keeps it, and returns the inbox. */
  async refreshInbox(email: string): Promise<Inbox> {
    const s = await this.stored(email);
    const after = s.entries.reduce((m, e) => Math.max(m, e.id), 0);
    const fresh = await this.api.notifications(this.target.projectId, after);
    if (fresh.length > 0) {
      const entries = [...fresh.reverse(), ...s.entries].slice(0, KEEP);
      await this.db.settings.put({ key: inboxKey(email), value: { entries, seen: s.seen } satisfies StoredInbox });
    }
    return this.inbox(email);
  }

  /** The reporter opened the inbox: everything in it is seen. */
  async markSeen(email: string): Promise<void> {
    const s = await this.stored(email);
    const seen = s.entries.reduce((m, e) => Math.max(m, e.id), s.seen);
    await this.db.settings.put({ key: inboxKey(email), value: { entries: s.entries, seen } satisfies StoredInbox });
  }
}
