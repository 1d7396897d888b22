import { useState } from 'react';
import { Button, notify } from '@studyhub/shared';
import { STUDY_TEXTS } from './study-texts';
import type { Follows } from './use-follows';

interface FollowButtonProps {
  subjectCode: string;
  subjectName: string;
  follows: Follows;
}

/**
 * "Follow" / "Following ✓" on a subject's pages (decision 041): a toggle; its state is what the server holds, so
 * nothing shows until the follows are read.
 */
export function FollowButton({ subjectCode, follows }: Omit<FollowButtonProps, 'subjectName'>) {
  const [busy, setBusy] = useState(false);
  const following = follows.isFollowing(subjectCode);
  if (following === null) return null;

  async function toggle() {
    setBusy(true);
    const result = following ? await follows.unfollow(subjectCode) : await follows.follow(subjectCode);
    setBusy(false);
    if (!result.ok) notify.error(result.message);
  }

  return (
    <Button
      $variant={following ? 'secondary' : 'primary'}
      aria-pressed={following}
      title={STUDY_TEXTS.followHint}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {following ? STUDY_TEXTS.following : STUDY_TEXTS.follow}
    </Button>
  );
}

/** A unit without a file: "Notify me" follows the subject and says so. */
export function NotifyMeButton({ subjectCode, subjectName, follows }: FollowButtonProps) {
  const [busy, setBusy] = useState(false);
  async function notifyMe() {
    setBusy(true);
    const result = await follows.follow(subjectCode);
    setBusy(false);
    if (result.ok) notify.success(STUDY_TEXTS.notifyMeDone(subjectName));
    else notify.error(result.message);
  }
  return (
    <Button $variant="secondary" disabled={busy} onClick={() => void notifyMe()}>
      {STUDY_TEXTS.notifyMe}
    </Button>
  );
}
