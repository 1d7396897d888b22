import styled from 'styled-components';
import { ButtonLink, Card, Grid, Muted, Page, PageTitle } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { InitialsAvatar } from './initials-avatar';

const GOALS = [
  { title: 'Access for all', text: 'Free, organised study material for every student of the curriculum.' },
  { title: 'Exam ready', text: 'Notes, previous-year and important questions that match how exams are set.' },
  { title: 'Built together', text: 'Teachers and students upload and share what helped them learn.' },
];

const OFFERINGS = [
  'Subject-wise, unit-wise notes for every semester',
  'Previous-year question papers',
  'Important questions for each subject',
  'Syllabus and scheme PDFs per program',
  'Upload and share for teachers and students',
];

/** The founder's card; the name is the only personal detail the page shows. */
const TEAM = [{ name: 'StudyHub Founder', role: 'Founder & Developer' }];

const Section = styled.section`
  margin: 0 0 40px;
`;

const Person = styled(Card)`
  align-items: center;
  text-align: center;
  h3 {
    margin: 4px 0 0;
  }
`;

export function AboutPage() {
  return (
    <Page>
      <PageTitle>About StudyHub</PageTitle>
      <Section>
        <p>
          StudyHub is a student-driven initiative: one place for subject-wise notes, previous-year questions
          and important questions, where teachers and students upload and share what helps others learn.
        </p>
      </Section>
      <Section>
        <Grid>
          <Card>
            <h2>Our mission</h2>
            <Muted>Make good study material easy to find, for every student, at no cost.</Muted>
          </Card>
          <Card>
            <h2>Our vision</h2>
            <Muted>A campus where no one falls behind for want of the right notes.</Muted>
          </Card>
        </Grid>
      </Section>
      <Section aria-labelledby="goals">
        <h2 id="goals">Our goals</h2>
        <Grid>
          {GOALS.map((goal) => (
            <Card key={goal.title}>
              <h3>{goal.title}</h3>
              <Muted>{goal.text}</Muted>
            </Card>
          ))}
        </Grid>
      </Section>
      <Section aria-labelledby="offerings">
        <h2 id="offerings">What we offer</h2>
        <ul>
          {OFFERINGS.map((offering) => (
            <li key={offering}>{offering}</li>
          ))}
        </ul>
      </Section>
      <Section aria-labelledby="team">
        <h2 id="team">Team</h2>
        <Grid $min="220px">
          {TEAM.map((person) => (
            <Person key={person.name}>
              <InitialsAvatar name={person.name} />
              <h3>{person.name}</h3>
              <Muted>{person.role}</Muted>
            </Person>
          ))}
          <Person>
            <InitialsAvatar name="You ?" />
            <h3>You?</h3>
            <Muted>Share your notes or help build StudyHub.</Muted>
            <ButtonLink to={PATHS.contact}>Get in touch</ButtonLink>
          </Person>
        </Grid>
      </Section>
    </Page>
  );
}
