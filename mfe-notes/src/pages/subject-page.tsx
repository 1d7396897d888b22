import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Breadcrumb,
  Button,
  ButtonAnchor,
  Card,
  downloadPath,
  findSubject,
  Grid,
  MESSAGES,
  Modal,
  Muted,
  Notice,
  Page,
  PageTitle,
  PATHS,
  subjectUnits,
  yearPath,
  type Unit,
} from '@studyhub/shared';
import { readSubjectContext } from '../subject-context';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin-top: auto;
`;

const PdfFrame = styled.iframe`
  flex: 1;
  width: 100%;
  border: 0;
  background: #fff;
`;

export function SubjectPage() {
  const { subjectCode = '' } = useParams();
  const { state } = useLocation();
  const context = readSubjectContext(state);
  const [preview, setPreview] = useState<Unit | null>(null);

  if (!context) {
    return (
      <Page>
        <Notice role="alert">{MESSAGES.missingSubjectContext}</Notice>
      </Page>
    );
  }
  const subject = findSubject(subjectCode);
  if (!subject) {
    return (
      <Page>
        <PageTitle>{MESSAGES.subjectNotFound}</PageTitle>
        <Notice>
          <Muted>No subject has the code “{subjectCode}”.</Muted>
        </Notice>
      </Page>
    );
  }

  const units = subjectUnits(subject);
  const pathOf = (unit: Unit) =>
    downloadPath({
      branch: context.branch,
      year: context.year,
      semester: context.semester,
      subjectCode: subject.code,
      unitNumber: unit.number,
    });

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
      {units.length === 0 && (
        <Notice>
          <Muted>No units are listed for this subject.</Muted>
        </Notice>
      )}
      <Grid>
        {units.map((unit) => (
          <Card key={unit.number} data-testid="unit-card">
            <h2>{unit.title}</h2>
            <Muted>{unit.description}</Muted>
            <Actions>
              <Button onClick={() => setPreview(unit)}>Preview Notes</Button>
              <ButtonAnchor
                href={pathOf(unit)}
                target="_blank"
                rel="noopener noreferrer"
                $variant="secondary"
              >
                Download Notes
              </ButtonAnchor>
            </Actions>
          </Card>
        ))}
      </Grid>
      {preview && (
        <Modal
          title={`${subject.code} · ${preview.title}: ${preview.description}`}
          onClose={() => setPreview(null)}
        >
          <PdfFrame title={`${subject.name} ${preview.title} notes`} src={pathOf(preview)} />
        </Modal>
      )}
    </Page>
  );
}
