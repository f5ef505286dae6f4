import { it } from 'vitest';
import { expectOk, expectRefused, expectShape, type Clients, type Suite } from './harness.ts';

/** Cases that more than one route of the conformance suite shares, added inside the route's describe. */

/** How the delete cases reach items of table 48 through one resource (Features or Records). */
export interface DeleteRoute {
  /** Makes a new item as `who`. */
  create(who: Clients): Promise<{ id: number }>;
  remove(who: Clients, id: number): Promise<unknown>;
  get(who: Clients, id: number): Promise<unknown>;
  /** An item of ana's that anonymous and bor try to delete. */
  anasItem(): number;
}

/** A delete route's cases, inside its describe: the creator deletes (200, then GET 404); anonymous 401, bor 403. */
export function deleteCases(suite: () => Suite, route: DeleteRoute): void {
  it('lets the creator delete (200)', async () => {
    const s = suite();
    const { id } = await route.create(s.ana);
    expectShape(s.doc, await expectOk(route.remove(s.ana, id)), 'DeleteResult');
    await expectRefused(route.get(s.ana, id), 404);
  });
  it('refuses anonymous (401) and another user (403)', async () => {
    const s = suite();
    await expectRefused(route.remove(s.anon, route.anasItem()), 401);
    await expectRefused(route.remove(s.bor, route.anasItem()), 403);
  });
}
