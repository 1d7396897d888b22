import { useId } from 'react';
import styled from 'styled-components';
import type { FilterOption } from '../filters';

const Box = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
`;

const Select = styled.select`
  font: inherit;
  width: 100%;
  box-sizing: border-box;
  padding: 10px 12px;
  border-radius: 8px;
  color: inherit;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

interface FilterSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly FilterOption<V>[];
  onChange(value: V): void;
}

/** A labelled select with no empty choice: one of the options is always selected. */
export function FilterSelect<V extends string>({ label, value, options, onChange }: FilterSelectProps<V>) {
  const id = useId();
  const byValue = new Map(options.map((option) => [option.value as string, option.value]));
  return (
    <Box>
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        value={value}
        onChange={(event) => {
          const next = byValue.get(event.target.value);
          if (next !== undefined) onChange(next);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Box>
  );
}
