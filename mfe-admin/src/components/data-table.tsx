import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { visuallyHidden } from '@studyhub/shared';

/**
 * Below this width of the table's own box the rows turn into cards. A container query rather than a media
 * query: what matters is the room the table has, and a phone's 320–430 px and a tablet's 768 px fall either side.
 */
const CARDS_BELOW = '720px';

/** Named so the card rules answer to this box's width, not to some other container further out. */
const Frame = styled.div`
  container: data-table / inline-size;
`;

/** Wide tables scroll sideways inside their box instead of squeezing their columns. */
const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

/** A column's name inside a card; in the table the column header says it. */
const CellLabel = styled.span`
  display: none;
  font-size: 0.85rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.muted};
`;

/** Wraps a cell's content so a card lays it out as one value beside its label. */
const CellValue = styled.span`
  min-width: 0;
`;

const BelowRow = styled.tr``;

const Table = styled.table`
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

  @container data-table (max-width: ${CARDS_BELOW}) {
    &,
    tbody,
    tr,
    th,
    td,
    caption {
      display: block;
    }
    /* Out of sight but still read: screen readers keep announcing each cell's column. */
    thead {
      ${visuallyHidden}
    }
    tbody tr {
      display: flex;
      flex-direction: column;
      gap: 4px;
      margin: 0 10px 10px;
      padding: 10px 14px;
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${({ theme }) => theme.radius};
      background: ${({ theme }) => theme.colors.background};
    }
    tbody th,
    tbody td {
      border-top: none;
      padding: 4px 0;
      overflow-wrap: anywhere;
    }
    /* The row's name heads its card, wherever its column stands in the table. */
    tbody th {
      order: -1;
      font-size: 1.05rem;
    }
    tbody td {
      display: grid;
      grid-template-columns: minmax(5.5em, 30%) minmax(0, 1fr);
      gap: 12px;
      align-items: center;
    }
    ${CellLabel} {
      display: block;
    }
    ${BelowRow} td {
      display: block;
    }
  }
`;

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  /** The column that names the row (a header cell; in a card, its title). */
  rowHeader?: boolean;
}

interface DataTableProps<T> {
  caption: ReactNode;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string;
  /** data-testid of each row. */
  rowTestId?: string;
  /** A full-width row under a row, or nothing (the syllabus table's inline editor). */
  below?(row: T): ReactNode;
}

/**
 * The admin pages' lists: a table with a caption and column headers on a wide screen, a card per row with
 * label/value pairs on a narrow one, from the same markup. The roles are written out because some browsers
 * drop a table's semantics once CSS stops displaying it as a table.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, rowTestId, below }: DataTableProps<T>) {
  return (
    <Frame>
      <Scroller>
        <Table role="table">
          <caption>{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {columns.map((column) => (
                <th key={column.header} scope="col" role="columnheader">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => {
              const extra = below?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <tr role="row" data-testid={rowTestId}>
                    {columns.map((column) =>
                      column.rowHeader ? (
                        <th key={column.header} scope="row" role="rowheader">
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td key={column.header} role="cell">
                          <CellLabel aria-hidden="true">{column.header}</CellLabel>
                          <CellValue>{column.cell(row)}</CellValue>
                        </td>
                      ),
                    )}
                  </tr>
                  {extra && (
                    <BelowRow role="row">
                      <td role="cell" colSpan={columns.length}>
                        {extra}
                      </td>
                    </BelowRow>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      </Scroller>
    </Frame>
  );
}
