import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAreaRegistry } from '../../areas/area-registry-context';
import type { Category } from './categories';

const Tile = styled(Link)`
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

/** As tall as the emoji's line was (2rem × 1.5), so the cards keep their height. */
const IconBox = styled.span`
  display: inline-flex;
  width: 3rem;
  height: 3rem;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.primary};
`;

export function CategoryCard({ category }: { category: Category }) {
  const areas = useAreaRegistry();
  const Icon = category.icon;
  const area = category.area;
  return (
    <Tile
      to={category.to}
      onMouseEnter={area ? () => areas.preload(area) : undefined}
      onFocus={area ? () => areas.preload(area) : undefined}
    >
      <IconBox>
        <Icon size={32} />
      </IconBox>
      <h2>{category.title}</h2>
      <p>{category.blurb}</p>
    </Tile>
  );
}
