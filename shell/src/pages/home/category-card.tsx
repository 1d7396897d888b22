import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { useAreaRegistry } from '../../areas/area-registry-context';
import type { Category } from './categories';

const tile = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  align-items: flex-start;
  text-align: left;
  padding: 22px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow};
  text-decoration: none;
  font: inherit;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const OpenTile = styled(Link)`
  ${tile}
`;

const ClosedTile = styled.button.attrs({ type: 'button' })`
  ${tile}
  cursor: pointer;
  /* Dashed, not faded: faded text fell under AA contrast (decision 018). */
  border-style: dashed;
`;

/** As tall as the emoji's line was (2rem × 1.5), so the cards keep their height. */
const IconBox = styled.span`
  display: inline-flex;
  width: 3rem;
  height: 3rem;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.primary};
`;

const Badge = styled.span`
  font-size: 0.8rem;
  padding: 2px 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.warning};
`;

export function CategoryCard({ category, onUnavailable }: { category: Category; onUnavailable(): void }) {
  const areas = useAreaRegistry();
  const Icon = category.icon;
  const body = (
    <>
      <IconBox>
        <Icon size={32} />
      </IconBox>
      <h2>{category.title}</h2>
      <p>{category.blurb}</p>
      {category.badge && <Badge>{category.badge}</Badge>}
    </>
  );
  if (!category.to) {
    return (
      <ClosedTile aria-disabled="true" onClick={onUnavailable}>
        {body}
      </ClosedTile>
    );
  }
  const area = category.area;
  return (
    <OpenTile
      to={category.to}
      onMouseEnter={area ? () => areas.preload(area) : undefined}
      onFocus={area ? () => areas.preload(area) : undefined}
    >
      {body}
    </OpenTile>
  );
}
