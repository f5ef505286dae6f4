import type { DataRecord } from '../../domain/model.ts';
import type { HistoryEntry, Inbox, QueuePage, QueueQuery, ReviewInput, ReviewScope } from '../api.ts';
import { reviewScope } from '../../domain/review.ts';
import { crossing } from '../http/crossing.ts';
import { queueLayer, reviewQueue, type QueueLayer } from '../review/queue.ts';
import type { ColumnLayer } from '../layer/ColumnLayer.ts';
import { ReviewCore, rolesOfToken } from '../review/ReviewCore.ts';
import type { CoreSession } from './session.ts';
import type { ProfileData } from './profile.ts';
import type { LayerPart } from './layer.ts';

/** Review (issue #20): the reviewer's scope and queue, verdicts, history and comments, and the reporter's inbox. */
export class ReviewPart {
  private core: ReviewCore | null = null;
  /** The queue's view of the last layer it paged (its columns encoded once for all pages), by layer. */
  private queued = new WeakMap<ColumnLayer, QueueLayer>();

  constructor(
    private readonly s: CoreSession,
    private readonly profile: ProfileData,
    private readonly layer: LayerPart,
  ) {}

  /** The groups she reviews, from her token's roles read as the server reads them (identity.json `roles_claim`). */
  async getReviewScope(): Promise<ReviewScope> {
    const { identity } = this.s.cfg;
    return reviewScope(rolesOfToken(this.s.current.accessToken, identity.roles_claim, identity.client_id));
  }

  async getReviewQueue(query: QueueQuery): Promise<QueuePage> {
    const [layer, columns, scope] = await Promise.all([
      this.layer.loaded(),
      this.profile.getSightingColumns(),
      this.getReviewScope(),
    ]);
    let view = this.queued.get(layer);
    if (!view) this.queued.set(layer, (view = queueLayer(layer)));
    return reviewQueue(view, columns, scope, this.s.current.email, query);
  }

  reviewRecord(id: number, input: ReviewInput, baseVersion?: number): Promise<DataRecord> {
    return crossing(async () => {
      const record = await this.reviewCore().review(id, input, baseVersion);
      this.layer.changed();
      return record;
    });
  }

  getHistory(id: number): Promise<HistoryEntry[]> {
    return crossing(() => this.reviewCore().history(id));
  }

  addComment(id: number, text: string): Promise<HistoryEntry> {
    return crossing(() => this.reviewCore().comment(id, text));
  }

  getInbox(refresh: boolean): Promise<Inbox> {
    return crossing(async () => {
      const email = this.s.current.email;
      if (!email) return { entries: [], unseen: 0 };
      const r = this.reviewCore();
      if (!refresh || !this.s.online) return r.inbox(email);
      const before = (await r.inbox(email)).entries[0]?.id ?? 0;
      const after = await r.refreshInbox(email).catch(() => r.inbox(email));
      // A verdict or correction on one of her finds: the map and 'Moje najdbe' show it at once.
      if ((after.entries[0]?.id ?? 0) > before && before > 0) this.layer.changed();
      return after;
    });
  }

  async markInboxSeen(): Promise<void> {
    const email = this.s.current.email;
    if (email) await this.reviewCore().markSeen(email);
  }

  private reviewCore(): ReviewCore {
    const c = this.s.cfg;
    this.core ??= new ReviewCore(this.s.api.review, this.s.db, { projectId: c.projectId, tableId: c.tableId });
    return this.core;
  }
}
