import styled from 'styled-components';
import { visuallyHidden } from './visually-hidden';

const Badge = styled.span`
  display: inline-block;
  min-width: 1.6em;
  margin-left: 8px;
  padding: 1px 7px;
  border-radius: 999px;
  font-size: 0.85em;
  font-weight: 700;
  text-align: center;
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Hidden = styled.span`
  ${visuallyHidden}
`;

/** A count beside a link's text ("Review uploads 3"); screen readers hear what it counts ("3 waiting"). */
export function CountBadge({ count, of }: { count: number; of: string }) {
  return (
    <Badge>
      {count}
      <Hidden> {of}</Hidden>
    </Badge>
  );
}
