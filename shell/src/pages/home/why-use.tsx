import styled from 'styled-components';
import { Card, Grid, Muted } from '@studyhub/shared';

/** product §2 leaves this section's wording open; these are the reasons students come back. */
const REASONS = [
  {
    title: 'Unit by unit',
    text: 'Every subject is split into its syllabus units, so you read exactly what the exam asks.',
  },
  {
    title: 'Right in the browser',
    text: 'Preview a unit’s PDF without leaving the page, or download it to read offline.',
  },
  {
    title: 'Checked uploads',
    text: 'Notes are uploaded by admins, so what you find has been looked at first.',
  },
  {
    title: 'Day or night',
    text: 'A dark theme by default and a light one a click away, remembered on your device.',
  },
];

const Section = styled.section`
  h2 {
    margin-top: 0;
  }
  h3 {
    margin: 0;
  }
`;

export function WhyUse() {
  return (
    <Section aria-labelledby="why-use">
      <h2 id="why-use">Why use StudyHub?</h2>
      <Grid>
        {REASONS.map((reason) => (
          <Card key={reason.title}>
            <h3>{reason.title}</h3>
            <Muted>{reason.text}</Muted>
          </Card>
        ))}
      </Grid>
    </Section>
  );
}
