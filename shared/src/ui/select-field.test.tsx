import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders } from '../testing';
import { SelectField } from './select-field';

const OPTIONS = [
  { value: 'Grading', label: 'Grading System' },
  { value: 'CBCS', label: 'CBCS' },
] as const;

describe('SelectField', () => {
  it('is labelled, shows the labels and gives the chosen value', async () => {
    const onChange = jest.fn();
    renderWithProviders(
      <SelectField label="Grading System" value="Grading" options={OPTIONS} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Grading System' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Grading System',
      'CBCS',
    ]);
    await userEvent.selectOptions(select, 'CBCS');
    expect(onChange).toHaveBeenCalledWith('CBCS');
  });

  it("offers the placeholder as '' and ties the hint, or the problem instead, to the select", async () => {
    const onChange = jest.fn();
    const { unmount } = renderWithProviders(
      <SelectField
        label="Branch"
        placeholder="Select branch"
        value="CBCS"
        options={OPTIONS}
        onChange={onChange}
        hint="Pick one"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Branch' });
    expect(select).toHaveAccessibleDescription('Pick one');
    await userEvent.selectOptions(select, 'Select branch');
    expect(onChange).toHaveBeenCalledWith('');

    unmount();
    renderWithProviders(
      <SelectField
        label="Branch"
        placeholder="Select branch"
        value=""
        options={OPTIONS}
        onChange={onChange}
        hint="Pick one"
        problem="Choose a branch"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveAccessibleDescription('Choose a branch');
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeInvalid();
  });

  it('keeps a compact select named for screen readers without showing the label', () => {
    renderWithProviders(
      <SelectField
        compact
        label="Role of Asha"
        value="CBCS"
        options={OPTIONS}
        onChange={() => undefined}
        disabled
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Role of Asha' });
    expect(select).toBeDisabled();
  });
});
