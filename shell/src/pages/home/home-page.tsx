import { useState } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { FRAME_TOAST_AUTO_CLOSE_MS, MESSAGES, Muted, Notice, Page, WIDGET_EXPOSES } from '@studyhub/shared';
import { RemoteWidget } from '../../areas/remote-widget';
import { CategoryCard } from './category-card';
import { matchCategories } from './categories';
import { QuickLinks } from './quick-links';
import { WhyUse } from './why-use';

const Hero = styled.section`
  text-align: center;
  padding: 40px 0 28px;
  h1 {
    font-size: clamp(2rem, 5vw, 3.2rem);
    margin: 0 0 12px;
  }
`;

const Search = styled.input`
  width: min(520px, 100%);
  margin-top: 20px;
  padding: 12px 18px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  font: inherit;
`;

const Cards = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
  margin: 8px 0 48px;
`;

export function HomePage() {
  const [query, setQuery] = useState('');
  const categories = matchCategories(query);

  return (
    <Page>
      <Hero>
        <h1>Unlock Your Academic Potential</h1>
        <Muted>
          Notes, syllabus and more for engineering students — organised by branch, year and semester.
        </Muted>
        <Search
          type="search"
          placeholder="Search categories…"
          aria-label="Search categories"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Hero>
      {categories.length === 0 ? (
        <Notice>{MESSAGES.noMatchingCategory}</Notice>
      ) : (
        <Cards>
          {categories.map((category) => (
            <CategoryCard
              key={category.title}
              category={category}
              onUnavailable={() => toast.info(MESSAGES.updateSoon, { autoClose: FRAME_TOAST_AUTO_CLOSE_MS })}
            />
          ))}
        </Cards>
      )}
      {/* "Recently Uploaded Notes" (SPEC §2) belongs to the notes area; it renders nothing if that area is down. */}
      <RemoteWidget area={WIDGET_EXPOSES.recentNotes.area} expose={WIDGET_EXPOSES.recentNotes.expose} />
      <QuickLinks />
      <WhyUse />
    </Page>
  );
}
