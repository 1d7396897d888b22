import styled from 'styled-components';
import { ButtonLink, countUnitsWithNotes, useNotesAvailability, type Availability } from '@studyhub/shared';
import { subjectPath, yearInfo, type ResourceKind } from '@studyhub/contract';
import type { Subject } from '@studyhub/contract/catalog';
import { RESOURCE_TEXTS } from '../resource-texts';
import { subjectContext } from '../subject-context';

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: -8px 0 20px;
`;

/** Smaller than a page's main buttons, so both fit one line of a phone; still a finger's height. */
const RelatedLink = styled(ButtonLink)`
  padding: 8px 14px;
  font-size: 0.95rem;
`;

const KINDS: readonly ResourceKind[] = ['notes', 'papers', 'questions'];

/** "Notes (2 of 5 units)", "Papers (3)": a link's words, with the count once it is known. */
function linkText(kind: ResourceKind, subject: Subject, availability: Availability | null): string {
  if (kind === 'notes') {
    const total = subject.units.length;
    if (!availability || total === 0) return 'Notes';
    return `Notes (${countUnitsWithNotes(availability, subject.code, total)} of ${total} ${total === 1 ? 'unit' : 'units'})`;
  }
  const label = RESOURCE_TEXTS[kind].short;
  return availability ? `${label} (${availability.get(subject.code)?.[kind] ?? 0})` : label;
}

/**
 * A subject page's links to the subject's other kinds of resource (decision 034), with how much each has. The
 * notes page needs the subject's context, which the catalog gives as a year page's card would.
 */
export function RelatedResources({ subject, current }: { subject: Subject; current: ResourceKind }) {
  const availability = useNotesAvailability();
  const context = subjectContext(yearInfo(subject.year), String(subject.semester));
  return (
    <Links aria-label="More for this subject">
      {KINDS.filter((kind) => kind !== current).map((kind) => (
        <RelatedLink
          key={kind}
          $variant="secondary"
          to={subjectPath(subject.code, kind)}
          state={kind === 'notes' ? context : undefined}
        >
          {linkText(kind, subject, availability)}
        </RelatedLink>
      ))}
    </Links>
  );
}
