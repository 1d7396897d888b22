import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { ThemeProvider } from 'styled-components';
import { theme } from '@studyhub/shared';
import { DataTable, type Column } from './data-table';

interface Person {
  id: string;
  name: string;
  email: string;
}

const PEOPLE: Person[] = [
  { id: 'a', name: 'Asha Rao', email: 'asha@example.com' },
  { id: 'v', name: 'Vikram', email: 'vikram@example.com' },
];

const COLUMNS: Column<Person>[] = [
  { header: 'Email', cell: (person) => person.email },
  { header: 'Name', rowHeader: true, cell: (person) => person.name },
  { header: 'Actions', cell: (person) => <button type="button">{`Delete ${person.name}`}</button> },
];

function renderTable(below?: (person: Person) => React.ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <DataTable
        caption="People (2)"
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(person) => person.id}
        rowTestId="person-row"
        below={below}
      />
    </ThemeProvider>,
  );
}

describe('DataTable', () => {
  it('is a table with a caption, column headers and one row per item named by its row header', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People (2)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Email', 'Name', 'Actions']);
    const rows = screen.getAllByTestId('person-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Asha Rao', 'Vikram']);
    expect(within(rows[0]!).getByRole('cell', { name: 'asha@example.com' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Vikram' })).toBeInTheDocument();
  });

  it('every data cell carries its column name for the card layout, hidden from screen readers', () => {
    renderTable();
    const row = screen.getAllByTestId('person-row')[0]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
      'Email',
      'Actions',
    ]);
    // The label shows only in the card layout, which a container query switches on.
    expect(getComputedStyle(cells[0]!.querySelector('[aria-hidden="true"]')!).display).toBe('none');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/@container data-table \(max-width: ?720px\)/);
  });

  it('puts what `below` gives under its row, across every column', () => {
    renderTable((person) => person.id === 'v' && <p>Editing {person.name}</p>);
    const extra = screen.getByText('Editing Vikram').closest('td')!;
    expect(extra).toHaveAttribute('colspan', '3');
    const rows = screen.getAllByRole('row');
    // Header row, Asha, Vikram, then Vikram's extra row.
    expect(rows).toHaveLength(4);
    expect(rows[3]).toContainElement(extra);
  });
});
