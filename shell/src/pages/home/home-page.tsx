import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, Notice, Page } from '@studyhub/shared';
import { MESSAGES, WIDGET_EXPOSES } from '@studyhub/contract';
import { rememberedSearch, SubjectSearchBox } from '@studyhub/shared/search';
import { RemoteWidget } from '../../areas/remote-widget';
import { useVisitor } from '../../frame/visitor';
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

const Search = styled(SubjectSearchBox)`
  margin-top: 20px;
`;

const Cards = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(230px, 1fr));
  margin: 8px 0 48px;
`;

/**
 * Holds the height of the widget's "Loading..." state from the first paint, so the prerendered page does not
 * jump when the widget arrives (decision 014).
 */
const WidgetSlot = styled.div`
  min-height: 8rem;
`;

/** How far below the screen the widget starts loading, so it is there by the time it is scrolled to. */
const NEAR_VIEWPORT_MARGIN = '400px';

/**
 * Renders its children once the slot comes near the screen (decision 014): on a phone the recent uploads are
 * below the first screen, and their area's code need not compete with it.
 */
function WhenNearViewport({ children }: { children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = slot.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => setNear(entries.some((entry) => entry.isIntersecting)),
      {
        rootMargin: NEAR_VIEWPORT_MARGIN,
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <WidgetSlot ref={slot}>{near && children}</WidgetSlot>;
}

export function HomePage() {
  const location = useLocation();
  const [query, setQuery] = useState(() => rememberedSearch(location.state));
  const [subjectCount, setSubjectCount] = useState<number | null>(null);
  const navigate = useNavigate();
  const { user } = useVisitor();
  const categories = matchCategories(query);
  // The cards' notice speaks for the whole box: while the text finds subjects, something did match.
  const nothingMatches = categories.length === 0 && subjectCount === 0;

  return (
    <Page>
      {/* A signed-in user's semester, Continue reading and subjects, from the notes area (decision 041); the
          prerendered page and anonymous visitors have the landing content alone. */}
      {user && <RemoteWidget {...WIDGET_EXPOSES.yourSemester} />}
      <Hero>
        <h1>Unlock Your Academic Potential</h1>
        <Muted>
          Notes, syllabus and more for engineering students — organised by branch, year and semester.
        </Muted>
        {/* product §2's category filter, which also lists matching subjects (decision 017). An anonymous visitor
            who picks one meets the guard, which brings them back to it after signing in. */}
        <Search
          label="Search categories and subjects"
          placeholder="Search categories or subjects…"
          value={query}
          onValueChange={setQuery}
          onPick={(hit) => navigate(hit.path, { state: hit.state })}
          onHitCountChange={setSubjectCount}
        />
      </Hero>
      {nothingMatches && <Notice>{MESSAGES.noMatchingCategory}</Notice>}
      {categories.length > 0 && (
        <Cards>
          {categories.map((category) => (
            <CategoryCard key={category.title} category={category} />
          ))}
        </Cards>
      )}
      <QuickLinks />
      {/* "Recently Uploaded Notes" (product §2) belongs to the notes area; it renders nothing if that area is down. */}
      <WhenNearViewport>
        <RemoteWidget area={WIDGET_EXPOSES.recentNotes.area} expose={WIDGET_EXPOSES.recentNotes.expose} />
      </WhenNearViewport>
      <WhyUse />
    </Page>
  );
}
