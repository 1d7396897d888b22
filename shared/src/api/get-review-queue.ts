import { useApiQuery } from '../data/use-api-query';
import { mayOpen } from '@studyhub/contract';
import { reviewPage, type ReviewPage } from '@studyhub/contract/schemas';
import type { SessionUser } from '../session/session-store';
import { apiGet } from './client';

/** GET /api/admin/reviews (admins, decision 026): teachers' pending uploads, oldest first, a page at a time. */
export async function getReviewQueue(
  paging: { page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<ReviewPage> {
  return apiGet('/api/admin/reviews', __STUDYHUB_CHECK_REPLIES__ && reviewPage, { params: paging, signal });
}

/**
 * How many uploads wait for review, for an admin's Quick Links and admin home; null while unknown, on failure,
 * and for anyone who is not an admin (nothing is asked then: the server answers admins only). A new `asOf`
 * (the header passes the page's path) asks again, so a count shown across pages follows the reviews made.
 */
export function usePendingReviewCount(user: SessionUser | null, asOf = ''): number | null {
  const queue = useApiQuery(mayOpen('admin', user) ? `pending-review-count:${asOf}` : null, (signal) =>
    getReviewQueue({ pageSize: 1 }, signal),
  );
  return queue.status === 'ready' ? queue.data.total : null;
}
