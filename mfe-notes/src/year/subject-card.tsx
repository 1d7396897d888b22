import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Grid, Muted } from '@studyhub/shared';

export const PHONE = '@media (max-width: 599px)';

export const SubjectCards = styled(Grid)`
  ${PHONE} {
    gap: 10px;
  }
`;

/** The whole card is the tap target: its one link stretches over it (the "stretched link" pattern). */
const LinkedCard = styled(Card)`
  position: relative;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
  h2 {
    margin: 0;
  }
  ${PHONE} {
    padding: 12px 14px;
    gap: 4px;
    h2 {
      font-size: 1.05rem;
    }
  }
`;

const CardLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
  /* The card's outline shows the focus. */
  &:focus {
    outline: none;
  }
  ${PHONE} {
    &::before {
      /* Empty alternative text: the chevron is a cue to the eye, not part of the link's name. */
      content: '›' / '';
      float: right;
      margin-left: 8px;
      color: ${({ theme }) => theme.colors.primary};
    }
  }
`;

const CardTop = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
  strong {
    color: ${({ theme }) => theme.colors.accent};
    white-space: nowrap;
  }
`;

const Description = styled(Muted)`
  ${PHONE} {
    font-size: 0.9rem;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

const CardFoot = styled.div`
  margin-top: auto;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 4px 12px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
`;

/** How much of a kind the subject has: highlighted when there is some, plain when there is none. */
export const CountLine = styled.span<{ $some: boolean }>`
  font-weight: 600;
  color: ${({ $some, theme }) => ($some ? theme.colors.success : theme.colors.muted)};
`;

/** The visible cue of wider screens; the card's link is what a tap or a screen reader opens. */
const ViewCue = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  white-space: nowrap;
  ${PHONE} {
    display: none;
  }
`;

export interface SubjectCardProps {
  code: string;
  name: string;
  description: string;
  /** Beside the code: "Updated: May 1, 2025", "Semester 5". */
  aside: string;
  to: string;
  state?: unknown;
  /** The foot's facts (the count, the downloads). */
  foot: ReactNode;
  /** "View Notes": the visible cue on wider screens. */
  cue: string;
  onOpen?(): void;
}

/**
 * A year page's subject card (decision 033): one link, named by the subject, stretched over the card; the code,
 * the aside, the description and the foot describe it.
 */
export function SubjectCard({
  code,
  name,
  description,
  aside,
  to,
  state,
  foot,
  cue,
  onOpen,
}: SubjectCardProps) {
  const id = useId();
  return (
    <LinkedCard data-testid="subject-card">
      <CardTop id={`${id}-top`}>
        <strong>{code}</strong>
        <span>{aside}</span>
      </CardTop>
      <h2>
        <CardLink
          to={to}
          state={state}
          aria-describedby={`${id}-top ${id}-description ${id}-foot`}
          onClick={onOpen}
        >
          {name}
        </CardLink>
      </h2>
      <Description id={`${id}-description`}>{description}</Description>
      <CardFoot id={`${id}-foot`}>
        {foot}
        <ViewCue aria-hidden="true">{cue} ›</ViewCue>
      </CardFoot>
    </LinkedCard>
  );
}
