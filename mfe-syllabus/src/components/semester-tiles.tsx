import styled, { css } from 'styled-components';
import { SYLLABUS_SEMESTERS } from '@studyhub/contract';

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'] as const;

/** "I – SEM" … "VIII – SEM" (product §2): the semester in Roman numerals, an en dash, then SEM. */
export function semesterLabel(semester: number): string {
  return `${ROMAN[semester - 1] ?? String(semester)} – SEM`;
}

const Tiles = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
`;

const tile = css`
  display: block;
  padding: 10px 8px;
  border-radius: 8px;
  text-align: center;
  font-weight: 600;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const TileLink = styled.a`
  ${tile}
  color: inherit;
  text-decoration: none;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  &:hover,
  &:focus-visible {
    border-color: currentColor;
  }
`;

const TileDisabled = styled.span`
  ${tile}
  opacity: 0.45;
  cursor: not-allowed;
`;

/** One tile per semester slot: a link to the PDF when there is one, a disabled tile otherwise. */
export function SemesterTiles({ pdfs }: { pdfs: Readonly<Record<string, string>> }) {
  return (
    <Tiles>
      {SYLLABUS_SEMESTERS.map((semester) => {
        const url = pdfs[String(semester)];
        const label = semesterLabel(semester);
        return (
          <li key={semester}>
            {url ? (
              <TileLink href={url} target="_blank" rel="noopener noreferrer">
                {label}
              </TileLink>
            ) : (
              <TileDisabled aria-disabled="true" title="No PDF uploaded for this semester">
                {label}
              </TileDisabled>
            )}
          </li>
        );
      })}
    </Tiles>
  );
}
