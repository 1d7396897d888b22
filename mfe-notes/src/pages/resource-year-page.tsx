import { Navigate, useLocation } from 'react-router-dom';
import { Breadcrumb, Notice, Page, PageTitle, useNotesAvailability } from '@studyhub/shared';
import { normaliseYear, PATHS, subjectPath, yearInfo, type YearNumber } from '@studyhub/contract';
import { yearSubjects } from '@studyhub/contract/catalog';
import { RESOURCE_TEXTS, type ExtraKind } from '../resource-texts';
import { CountLine, SubjectCard, SubjectCards } from '../year/subject-card';
import { SubjectFilters, useSubjectFilters } from '../year/subject-filters';

/**
 * /papers/ThirdYear and /questions/ThirdYear (decision 034): the year's subjects as on the notes year page, each
 * with how many papers or questions it has, and a chip that keeps those with some.
 */
export function ResourceYearPage({ kind }: { kind: ExtraKind }) {
  const { pathname } = useLocation();
  const year = normaliseYear(pathname.split('/').pop() ?? '');
  if (year === null) return <Navigate to={PATHS[kind]} replace />;
  return <ResourceYearSubjects key={year} kind={kind} year={year} />;
}

function ResourceYearSubjects({ kind, year }: { kind: ExtraKind; year: YearNumber }) {
  const texts = RESOURCE_TEXTS[kind];
  const info = yearInfo(year);
  const availability = useNotesAvailability();
  const subjects = yearSubjects(year).map((subject) => ({ ...subject, semester: String(subject.semester) }));
  // Null while the counts are unknown.
  const countOf = (code: string) => (availability ? (availability.get(code)?.[kind] ?? 0) : null);
  const filters = useSubjectFilters(
    subjects,
    availability && ((subject) => (countOf(subject.code) ?? 0) > 0),
  );

  return (
    <Page>
      <Breadcrumb
        items={[
          { label: 'Home', to: PATHS.home },
          { label: texts.short, to: PATHS[kind] },
          { label: info.label },
        ]}
      />
      <PageTitle>{texts.yearTitle(info)}</PageTitle>
      <SubjectFilters year={info} filters={filters} withSomeLabel={texts.withSome} />
      {filters.shown.length === 0 && <Notice role="status">{texts.noneWithSome}</Notice>}
      <SubjectCards>
        {filters.shown.map((subject) => {
          const count = countOf(subject.code);
          return (
            <SubjectCard
              key={subject.code}
              code={subject.code}
              name={subject.name}
              description={subject.description}
              aside={`Semester ${subject.semester}`}
              to={subjectPath(subject.code, kind)}
              cue={texts.cue}
              foot={count !== null && <CountLine $some={count > 0}>{texts.count(count)}</CountLine>}
            />
          );
        })}
      </SubjectCards>
    </Page>
  );
}
