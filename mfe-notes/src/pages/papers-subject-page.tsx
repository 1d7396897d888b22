import { useId } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ButtonAnchor, Card, formatSize, Muted, Notice, Page, useApiQuery } from '@studyhub/shared';
import { savedKey } from '@studyhub/shared/offline';
import { PATHS } from '@studyhub/contract';
import { findSubject, type Subject } from '@studyhub/contract/catalog';
import type { Paper } from '@studyhub/contract/schemas';
import { getPapers } from '../api/get-papers';
import { SaveForOffline } from '../offline/save-for-offline';
import { useReading } from '../progress/use-reading';
import { PdfPreview } from '../reader/pdf-preview';
import { useReaderEntry, useWarmReader } from '../reader/reader-entry';
import { PAPER_TEXTS, RESOURCE_TEXTS } from '../resource-texts';
import { ListSkeleton, LoadFailure } from '../subject/loading-states';
import { ContinueOffer, useSubjectStudy, type SubjectStudy } from '../study/subject-study';
import { SubjectHeader } from '../subject/subject-header';
import { SubjectNotFound } from '../subject/subject-not-found';

const TEXTS = RESOURCE_TEXTS.papers;

const Papers = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const PaperCard = styled(Card)`
  padding: 14px 16px;
  h2 {
    display: inline;
    margin: 0;
    font-size: 1.1rem;
  }
`;

const Facts = styled.div`
  margin: 0;
  overflow-wrap: anywhere;
  span {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Status = styled(Muted)`
  margin: 0 0 16px;
`;

/** "2019 scheme · 1.2 MB": what follows a paper's session. */
const factsOf = (paper: Paper) => [paper.scheme, formatSize(paper.size)].filter(Boolean).join(' · ');

/** /papers/{subjectCode} (decision 034): the subject's previous-year papers, newest session first. */
export function PapersSubjectPage() {
  const { subjectCode = '' } = useParams();
  const subject = findSubject(subjectCode);
  if (!subject)
    return <SubjectNotFound code={subjectCode} wayOn={{ label: TEXTS.notFoundWayOn, to: PATHS.papers }} />;
  return <SubjectPapers key={subject.code} subject={subject} />;
}

function SubjectPapers({ subject }: { subject: Subject }) {
  const papers = useApiQuery(`papers/${subject.code}`, (signal) => getPapers(subject.code, signal), {
    errorText: 'Check your connection and try again.',
  });
  const reader = useReaderEntry('papers');
  const study = useSubjectStudy(subject);
  const list = papers.status === 'ready' ? papers.data.papers : [];
  useWarmReader(list.length > 0);
  const previewed = list.find((paper) => paper._id === reader.shown);
  const reading = useReading(
    previewed
      ? {
          kind: 'paper',
          fileId: previewed._id,
          subjectCode: subject.code,
          subject: subject.name,
          unit: null,
          session: previewed.session,
        }
      : null,
  );

  return (
    <Page>
      <SubjectHeader kind="papers" subject={subject} study={study} />
      {papers.status === 'loading' && <ListSkeleton label={TEXTS.loading} rows={3} rowHeight="6.5rem" />}
      {papers.status === 'error' && (
        <LoadFailure
          title={TEXTS.failed}
          detail={papers.error.message}
          onRetry={() => void papers.reload()}
        />
      )}
      {papers.status === 'ready' && list.length === 0 && (
        <Notice>
          <Muted>{TEXTS.empty}</Muted>
        </Notice>
      )}
      {list.length > 0 && (
        <>
          <Status role="status">{TEXTS.count(list.length)}, newest session first.</Status>
          <Papers>
            {list.map((paper) => (
              <li key={paper._id}>
                <PaperView
                  subject={subject}
                  paper={paper}
                  study={study}
                  onPreview={() => reader.open(paper._id)}
                />
              </li>
            ))}
          </Papers>
        </>
      )}
      {previewed && (
        // ✕ and Escape go back: the entry the reader added goes, as Back would take it.
        <PdfPreview
          title={`${subject.code} · ${previewed.session} paper`}
          documentName={`${subject.name} ${previewed.session} question paper`}
          file={previewed}
          savedAs={{
            key: savedKey.paper(previewed._id),
            fileVersion: previewed.uploadedAt,
            fileName: `${subject.code} ${previewed.session} paper.pdf`,
          }}
          onClose={reader.close}
          startPage={reader.startPage}
          marks={reader.marks}
          {...reading}
        />
      )}
    </Page>
  );
}

/** A paper's copy as "Save for offline" stores it (decision 036). */
const savedPaper = (subject: Subject, paper: Paper) => ({
  key: savedKey.paper(paper._id),
  kind: 'paper' as const,
  subjectCode: subject.code,
  subjectName: subject.name,
  title: `${paper.session} question paper`,
  fileVersion: paper.uploadedAt,
});

/** "May 2024 · 2019 scheme · 1.2 MB", with Preview (the in-page reader), Download and Save for offline. */
function PaperView({
  subject,
  paper,
  study,
  onPreview,
}: {
  subject: Subject;
  paper: Paper;
  study: SubjectStudy;
  onPreview(): void;
}) {
  const id = useId();
  const read = study.progress.find((item) => item.kind === 'paper' && item.fileId === paper._id);
  return (
    <PaperCard data-testid="paper">
      <Facts id={id}>
        <h2>{paper.session}</h2>
        <span> · {factsOf(paper)}</span>
      </Facts>
      <Actions>
        {read && <ContinueOffer read={read} />}
        <Button onClick={onPreview} aria-describedby={id}>
          {PAPER_TEXTS.preview}
        </Button>
        <ButtonAnchor
          href={paper.downloadUrl}
          target="_blank"
          rel="noopener noreferrer"
          $variant="secondary"
          aria-describedby={id}
        >
          {PAPER_TEXTS.download}
        </ButtonAnchor>
        <SaveForOffline
          item={savedPaper(subject, paper)}
          size={paper.size}
          url={paper.url}
          describedBy={id}
        />
      </Actions>
    </PaperCard>
  );
}
