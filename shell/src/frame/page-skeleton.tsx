import styled, { css } from 'styled-components';
import { SIGNED_IN_ATTRIBUTE } from '@studyhub/contract';
import { Page, PageTitle, SkeletonBlock, visuallyHidden } from '@studyhub/shared';

const Cards = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
  margin-top: 24px;
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** Where such a page's breadcrumb goes: its row is a finger's height (shared's Breadcrumb). */
const BreadcrumbRow = styled.div`
  display: flex;
  align-items: center;
  min-height: 44px;
`;

/**
 * A route that needs a session sends a visitor without one to login: before the session is restored, its heading
 * shows only when the page boot script found a stored session, as the header's Logout does.
 */
const Heading = styled(PageTitle)<{ $needsStoredSession: boolean }>`
  ${({ $needsStoredSession }) =>
    $needsStoredSession &&
    css`
      html:not([${SIGNED_IN_ATTRIBUTE}]) & {
        visibility: hidden;
      }
    `}
`;

/**
 * What every route but Home shows before its JavaScript has run (decision 014): the page's shape in grey, so
 * a slow phone paints the frame and a page at once instead of a white screen. React replaces it on its first
 * render of the real page; the live site shows it too while it checks the session or loads the page's area, so
 * nothing blanks between the two. `label` says what it waits for; `heading`, the page's own heading where the
 * route knows it, is drawn as the page draws it, under its breadcrumb's row (every such page has a breadcrumb, so
 * the heading does not move when the page comes); `headingNeedsStoredSession` until the session is known.
 */
export function PageSkeleton({
  label,
  heading,
  headingNeedsStoredSession = false,
}: {
  label?: string;
  heading?: string;
  headingNeedsStoredSession?: boolean;
}) {
  return (
    <Page aria-busy="true">
      <Hidden role="status" aria-label={label}>
        Loading…
      </Hidden>
      {heading ? (
        <>
          <BreadcrumbRow>
            <SkeletonBlock $height="1rem" $width="min(45%, 220px)" />
          </BreadcrumbRow>
          <Heading $needsStoredSession={headingNeedsStoredSession}>{heading}</Heading>
        </>
      ) : (
        <SkeletonBlock $height="2.4rem" $width="min(60%, 420px)" />
      )}
      <Cards>
        {Array.from({ length: 6 }, (_, index) => (
          <SkeletonBlock key={index} $height="9rem" />
        ))}
      </Cards>
    </Page>
  );
}
