import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Muted, Page, useApiQuery } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { findSubject, type Subject } from '@studyhub/contract/catalog';
import type { Question, QuestionsReply } from '@studyhub/contract/schemas';
import { getQuestions } from '../api/get-questions';
import { QUESTION_TEXTS, RESOURCE_TEXTS } from '../resource-texts';
import { ListSkeleton, LoadFailure } from '../subject/loading-states';
import { useSubjectStudy } from '../study/subject-study';
import { SubjectHeader } from '../subject/subject-header';
import { SubjectNotFound } from '../subject/subject-not-found';

const TEXTS = RESOURCE_TEXTS.questions;

const Units = styled.div`
  display: grid;
  gap: 16px;
`;

const UnitCard = styled(Card)`
  padding: 16px;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;

const Questions = styled.ol`
  margin: 0;
  padding-left: 1.4em;
  display: grid;
  gap: 14px;
`;

const QuestionText = styled.p`
  margin: 0 0 4px;
  /* A question keeps its lines (its parts a, b, c) and never pushes the page sideways. */
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 10px;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Marks = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.accent};
`;

const Status = styled(Muted)`
  margin: 0 0 16px;
`;

function summaryOf(reply: QuestionsReply): string {
  const withQuestions = reply.units.filter((unit) => unit.questions.length > 0);
  const questions = withQuestions.reduce((sum, unit) => sum + unit.questions.length, 0);
  return QUESTION_TEXTS.summary(questions, withQuestions.length);
}

/** /questions/{subjectCode} (decision 034): each unit's important questions, most-asked first. */
export function QuestionsSubjectPage() {
  const { subjectCode = '' } = useParams();
  const subject = findSubject(subjectCode);
  if (!subject) {
    return <SubjectNotFound code={subjectCode} wayOn={{ label: TEXTS.notFoundWayOn, to: PATHS.questions }} />;
  }
  return <SubjectQuestions key={subject.code} subject={subject} />;
}

function SubjectQuestions({ subject }: { subject: Subject }) {
  const reply = useApiQuery(`questions/${subject.code}`, (signal) => getQuestions(subject.code, signal), {
    errorText: 'Check your connection and try again.',
  });
  const study = useSubjectStudy(subject, { withProgress: false });

  return (
    <Page>
      <SubjectHeader kind="questions" subject={subject} study={study} />
      {reply.status === 'loading' && <ListSkeleton label={TEXTS.loading} rows={3} rowHeight="9rem" />}
      {reply.status === 'error' && (
        <LoadFailure title={TEXTS.failed} detail={reply.error.message} onRetry={() => void reply.reload()} />
      )}
      {reply.status === 'ready' && (
        <>
          <Status role="status">{summaryOf(reply.data)}</Status>
          <Units>
            {reply.data.units.map((unit) => (
              <UnitCard
                as="section"
                key={unit.unit}
                data-testid="question-unit"
                aria-labelledby={`unit-${unit.unit}`}
              >
                <h2 id={`unit-${unit.unit}`}>{QUESTION_TEXTS.unitHeading(unit.unit, unit.title)}</h2>
                {unit.questions.length === 0 ? (
                  <Muted>{TEXTS.empty}</Muted>
                ) : (
                  <Questions>
                    {unit.questions.map((question) => (
                      <QuestionView key={question._id} question={question} />
                    ))}
                  </Questions>
                )}
              </UnitCard>
            ))}
          </Units>
        </>
      )}
    </Page>
  );
}

/** The question as written, then its marks and the sessions it was asked in, newest first. */
function QuestionView({ question }: { question: Question }) {
  const hasMeta = question.marks !== null || question.askedIn.length > 0;
  return (
    <li data-testid="question">
      <QuestionText>{question.text}</QuestionText>
      {hasMeta && (
        <Meta>
          {question.marks !== null && <Marks>{QUESTION_TEXTS.marks(question.marks)}</Marks>}
          {question.askedIn.length > 0 && <span>{QUESTION_TEXTS.askedIn(question.askedIn)}</span>}
        </Meta>
      )}
    </li>
  );
}
