import { Breadcrumb, PageTitle } from '@studyhub/shared';
import { PATHS, yearInfo, yearPath } from '@studyhub/contract';
import type { Subject } from '@studyhub/contract/catalog';
import { RESOURCE_TEXTS, type ExtraKind } from '../resource-texts';
import { SubjectStudyBar, type SubjectStudy } from '../study/subject-study';
import { RelatedResources } from './related-resources';

/**
 * The top of a subject's papers or questions page: where it sits (Home > section > year > code), its heading, and
 * Follow (decision 041), and links to the subject's other resources. The catalog gives the year, so these pages need no navigation state.
 */
export function SubjectHeader({
  kind,
  subject,
  study,
}: {
  kind: ExtraKind;
  subject: Subject;
  study: SubjectStudy;
}) {
  const texts = RESOURCE_TEXTS[kind];
  const year = yearInfo(subject.year);
  return (
    <>
      <Breadcrumb
        items={[
          { label: 'Home', to: PATHS.home },
          { label: texts.short, to: PATHS[kind] },
          { label: year.label, to: yearPath(year.number, kind) },
          { label: subject.code },
        ]}
      />
      <PageTitle>{texts.subjectTitle(subject.name)}</PageTitle>
      <SubjectStudyBar subject={subject} study={study} />
      <RelatedResources subject={subject} current={kind} />
    </>
  );
}
