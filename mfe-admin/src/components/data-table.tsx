import styled from 'styled-components';

/** Lets a wide table scroll sideways on a small screen instead of squeezing its columns. */
export const TableScroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The admin pages' tables: a caption, a header row, and rows that may hold inline editors. */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  caption {
    text-align: left;
    font-weight: 600;
    padding: 12px 14px;
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 10px 14px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.muted};
    white-space: nowrap;
  }
  tbody th {
    font-weight: 600;
  }
`;
