import { mayOpen } from '@studyhub/contract';
import { useSession, type SessionUser } from '@studyhub/shared';
import { usePageIsLive } from './use-page-is-live';

/** Who is looking, as far as what the page offers them goes. */
export type Visitor = 'anonymous' | 'student' | 'teacher' | 'admin';

/** The most a role may do, as the route table's guards decide it (the server decides again on every call). */
export function visitorOf(user: SessionUser | null): Visitor {
  if (!user) return 'anonymous';
  if (mayOpen('admin', user)) return 'admin';
  return mayOpen('teacher', user) ? 'teacher' : 'student';
}

/**
 * The visitor once the page is live; anonymous on the prerendered page and while React takes it over, so the
 * HTML React hydrates is the prerendered one (decision 014).
 */
export function useVisitor(): { visitor: Visitor; user: SessionUser | null } {
  const live = usePageIsLive();
  const { user } = useSession();
  return live ? { visitor: visitorOf(user), user } : { visitor: 'anonymous', user: null };
}
