import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, Card, Grid, Muted, Page, PageTitle } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { BRANCHES } from '@studyhub/contract/catalog';

/** The whole card is the one link: a tap anywhere on it goes, and its name is the text it shows. */
const BranchCard = styled(Card).attrs({ as: Link })<{ $available: boolean }>`
  color: inherit;
  text-decoration: none;
  min-height: 44px;
  /* Dashed, not faded: faded text fell under AA contrast (decision 018). */
  border-style: ${({ $available }) => ($available ? 'solid' : 'dashed')};
  transition: transform 0.12s ease;
  h2 {
    margin: 0;
  }
  &:hover {
    transform: translateY(-2px);
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 3px;
  }
`;

/** Looks like a button but is only the card's label: one interactive element per card. */
const Action = styled.span<{ $available: boolean }>`
  align-self: flex-start;
  padding: 8px 16px;
  border-radius: 999px;
  font-weight: 600;
  border: 1px solid ${({ theme, $available }) => ($available ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $available }) => ($available ? theme.colors.primary : 'transparent')};
  color: ${({ theme, $available }) => ($available ? theme.colors.primaryText : theme.colors.text)};
`;

/** /branch (product §2): Computer Science goes to /notes; the other branches to /NoNotesAvailable. */
export function BranchPage() {
  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: 'Select Branch' }]} />
      <PageTitle>Choose Your Branch</PageTitle>
      <Grid>
        {BRANCHES.map((branch) => (
          <BranchCard
            key={branch.code}
            to={branch.available ? PATHS.notes : PATHS.noNotes}
            $available={branch.available}
            data-testid="branch-card"
          >
            <h2>{branch.name}</h2>
            <Muted>{branch.available ? 'Notes available' : 'Notes coming later'}</Muted>
            <Action $available={branch.available}>{branch.available ? 'Open notes' : 'Unavailable'}</Action>
          </BranchCard>
        ))}
      </Grid>
    </Page>
  );
}
