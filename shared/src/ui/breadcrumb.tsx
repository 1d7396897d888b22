import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';

export interface Crumb {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

const Nav = styled.nav`
  font-size: 0.95rem;
  color: ${({ theme }) => theme.colors.muted};
  ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    margin: 0;
    padding: 0;
  }
  /* A finger's size (44 px) without looking bigger than the words. */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    min-width: 44px;
  }
`;

export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <Nav aria-label="Breadcrumb">
      <ol>
        {items.map((item, index) => (
          <Fragment key={item.label}>
            {index > 0 && <li aria-hidden="true">&gt;</li>}
            <li>
              {item.to ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current="page">{item.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </Nav>
  );
}
