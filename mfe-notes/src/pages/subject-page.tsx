import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Breadcrumb,
  Button,
  ButtonAnchor,
  ButtonLink,
  Card,
  Grid,
  Muted,
  Notice,
  Page,
  PageTitle,
} from '@studyhub/shared';
import { savedKey } from '@studyhub/shared/offline';
import { MESSAGES, PATHS, yearInfo, yearPath } from '@studyhub/contract';
import { findSubject, subjectUnits, type Subject, type Unit } from '@studyhub/contract/catalog';
import type { AvailableUnit } from '@studyhub/contract/schemas';
import { SaveForOffline } from '../offline/save-for-offline';
import { useReading } from '../progress/use-reading';
import { PdfPreview } from '../reader/pdf-preview';
import { useReaderEntry, useWarmReader } from '../reader/reader-entry';
import { SubjectStudyBar, UnitStudy, useSubjectStudy } from '../study/subject-study';
import { RelatedResources } from '../subject/related-resources';
import { SubjectNotFound, WaysOn } from '../subject/subject-not-found';
import { readSubjectContext, subjectContext } from '../subject-context';
import { useUnitAvailability, type UnitAvailability } from '../use-unit-availability';

export const AVAILABILITY_TEXTS = {
  checking: 'Checking which units are available…',
  failed: 'Could not check which units are available.',
  offline: 'You are offline, so which units have notes will show when the connection returns.',
  notUploaded: 'Not uploaded yet',
  count: (withNotes: number, total: number) =>
    withNotes === 0
      ? 'No unit has notes yet.'
      : `${withNotes} of ${total} ${total === 1 ? 'unit has' : 'units have'} notes.`,
} as const;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: auto;
`;

/** A unit's copy as "Save for offline" stores it (decision 036). */
const savedUnit = (subject: Subject, unit: Unit, file: AvailableUnit) => ({
  key: savedKey.notes(subject.code, unit.number),
  kind: 'notes' as const,
  subjectCode: subject.code,
  subjectName: subject.name,
  title: `${unit.title}: ${unit.description}`,
  fileVersion: file.uploadedAt,
  fileId: file.fileId,
});

/** Positioned: the unit's star sits in its top corner (decision 041). */
const UnitCard = styled(Card)`
  position: relative;
  h2 {
    padding-right: 52px;
  }
`;

const Status = styled(Muted)`
  margin: 0 0 16px;
`;

const Missing = styled.span`
  margin-top: auto;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.muted};
`;

function availabilityLine(availability: UnitAvailability, units: readonly Unit[]) {
  if (availability.status === 'loading') return <Status role="status">{AVAILABILITY_TEXTS.checking}</Status>;
  if (availability.status === 'failed') return <Status role="alert">{AVAILABILITY_TEXTS.failed}</Status>;
  if (availability.status === 'offline') return <Status role="status">{AVAILABILITY_TEXTS.offline}</Status>;
  const withNotes = units.filter((unit) => availability.units.has(unit.number)).length;
  return <Status role="status">{AVAILABILITY_TEXTS.count(withNotes, units.length)}</Status>;
}

export function SubjectPage() {
  const { subjectCode = '' } = useParams();
  const location = useLocation();
  const reader = useReaderEntry('notes');
  const subject = findSubject(subjectCode);
  // A reader link (decision 040) comes from a search, not from the year page: the subject's place is its own.
  const ownContext = subject && subjectContext(yearInfo(subject.year), String(subject.semester));
  const context = readSubjectContext(
    reader.startPage !== undefined && !readSubjectContext(location.state) ? ownContext : location.state,
  );
  // Nothing to ask about for a subject that lists no units, or one reached without its context.
  const asked = context && subject && subject.units.length > 0 ? subject.code : null;
  const availability = useUnitAvailability(asked, context?.branch ?? null);
  useWarmReader(availability.status === 'ready' && availability.units.size > 0);
  const study = useSubjectStudy(context ? subject : undefined);
  // The file the reader shows, whose pages are kept as the student's progress (decision 041).
  const readUnit = typeof reader.shown === 'number' ? reader.shown : null;
  const readFile =
    availability.status === 'ready' && readUnit !== null ? availability.units.get(readUnit) : undefined;
  const reading = useReading(
    subject && readFile
      ? {
          kind: 'note',
          fileId: readFile.fileId,
          subjectCode: subject.code,
          subject: subject.name,
          unit: readUnit,
          session: null,
        }
      : null,
    study.bookmarks,
  );

  // A code no subject has is "not found" however it was reached (a typed or old link has no state either).
  if (!subject) {
    return <SubjectNotFound code={subjectCode} wayOn={{ label: 'Search the notes', to: PATHS.notes }} />;
  }
  if (!context) {
    const year = yearInfo(subject.year);
    return (
      <Page>
        <Notice role="alert">{MESSAGES.missingSubjectContext}</Notice>
        <WaysOn aria-label="Ways on">
          <ButtonLink to={yearPath(year.number)}>Open {year.label}</ButtonLink>
          <ButtonLink to={PATHS.notes} $variant="secondary">
            Search the notes
          </ButtonLink>
        </WaysOn>
      </Page>
    );
  }

  const units = subjectUnits(subject);
  const fileOf = (unit: Unit) =>
    availability.status === 'ready' ? availability.units.get(unit.number) : undefined;
  const previewUnit = units.find((unit) => unit.number === reader.shown);
  const previewFile = previewUnit && fileOf(previewUnit);

  return (
    <Page>
      <Breadcrumb
        items={[
          { label: 'Home', to: PATHS.home },
          { label: 'Notes', to: PATHS.notes },
          { label: context.yearInfo.label, to: yearPath(context.yearInfo.number) },
          { label: subject.code },
        ]}
      />
      <PageTitle>{subject.name} - Units</PageTitle>
      <SubjectStudyBar subject={subject} study={study} star />
      <RelatedResources subject={subject} current="notes" />
      {units.length > 0 && availabilityLine(availability, units)}
      {units.length === 0 && (
        <Notice>
          <Muted>No units are listed for this subject.</Muted>
        </Notice>
      )}
      <Grid>
        {units.map((unit) => (
          <UnitCard key={unit.number} data-testid="unit-card">
            <h2>{unit.title}</h2>
            <Muted>{unit.description}</Muted>
            <UnitStudy
              subject={subject}
              unit={unit.number}
              hasFile={fileOf(unit) !== undefined}
              checked={availability.status === 'ready'}
              study={study}
            />
            <UnitActions
              subject={subject}
              unit={unit}
              file={fileOf(unit)}
              checked={availability.status === 'ready'}
              onPreview={() => reader.open(unit.number)}
            />
          </UnitCard>
        ))}
      </Grid>
      {previewUnit && previewFile && (
        // ✕ and Escape go back: the entry the reader added goes, as Back would take it.
        <PdfPreview
          title={`${subject.code} · ${previewUnit.title}: ${previewUnit.description}`}
          documentName={`${subject.name} ${previewUnit.title} notes`}
          file={previewFile}
          savedAs={{
            key: savedKey.notes(subject.code, previewUnit.number),
            fileVersion: previewFile.uploadedAt,
            fileName: `${subject.code} ${previewUnit.title}.pdf`,
          }}
          onClose={() => reader.close(ownContext)}
          startPage={reader.startPage}
          marks={reader.marks}
          {...reading}
        />
      )}
    </Page>
  );
}

interface UnitActionsProps {
  subject: Subject;
  unit: Unit;
  /** The unit's file, when the server has one. */
  file: AvailableUnit | undefined;
  /** True once the server has said which units have a file. */
  checked: boolean;
  onPreview(file: AvailableUnit): void;
}

/**
 * Preview, download and save for offline for a unit with a file; "Not uploaded yet" for one without; nothing
 * while unknown.
 */
function UnitActions({ subject, unit, file, checked, onPreview }: UnitActionsProps) {
  if (file) {
    return (
      <Actions>
        <Button onClick={() => onPreview(file)}>Preview Notes</Button>
        <ButtonAnchor href={file.downloadUrl} target="_blank" rel="noopener noreferrer" $variant="secondary">
          Download Notes
        </ButtonAnchor>
        <SaveForOffline item={savedUnit(subject, unit, file)} size={file.size} url={file.url} />
      </Actions>
    );
  }
  return checked ? <Missing>{AVAILABILITY_TEXTS.notUploaded}</Missing> : null;
}
