import styled from 'styled-components';
import { Breadcrumb, Muted, Page, PageTitle } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { RESOURCE_TEXTS, type ExtraKind } from '../resource-texts';
import { YearChoice } from '../year/year-choice';

const Intro = styled(Muted)`
  margin: 0 0 24px;
`;

/** /papers and /questions (decision 034): choose a year, as on /notes. */
export function ResourcePage({ kind }: { kind: ExtraKind }) {
  const texts = RESOURCE_TEXTS[kind];
  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: texts.short }]} />
      <PageTitle>{texts.section}</PageTitle>
      <Intro>{texts.intro}</Intro>
      <YearChoice kind={kind} />
    </Page>
  );
}
