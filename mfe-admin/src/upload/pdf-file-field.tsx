import { useId, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import styled from 'styled-components';
import { FieldHint, fieldControlStyle } from '@studyhub/shared';
import { FormProblem } from '../components/form-card';
import { UPLOAD_TEXTS } from '../texts';

const FileBox = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
  input {
    ${fieldControlStyle}
    border: 1px dashed ${({ theme }) => theme.colors.border};
  }
`;

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** The chosen PDF, refusing any other file where it is chosen; `clear` empties the picker after an upload. */
export function usePdfChoice() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notPdf, setNotPdf] = useState(false);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const refused = chosen !== null && !isPdf(chosen);
    if (refused) event.target.value = '';
    setNotPdf(refused);
    setFile(refused ? null : chosen);
  }

  function clear() {
    setFile(null);
    setNotPdf(false);
    if (input.current) input.current.value = '';
  }

  return { input, file, notPdf, choose, clear };
}

interface PdfFileFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  file: File | null;
  /** The file last chosen was refused. */
  notPdf: boolean;
  /** True when a submit found no file. */
  missing: boolean;
  disabled: boolean;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}

/** The PDF picker of the notes and paper uploads ("PDF files only."). */
export function PdfFileField({ inputRef, file, notPdf, missing, disabled, onChange }: PdfFileFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problem = notPdf ? UPLOAD_TEXTS.notPdf : missing ? UPLOAD_TEXTS.missing.file : null;
  return (
    <FileBox>
      <label htmlFor={id}>PDF file</label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="pdf"
        accept="application/pdf,.pdf"
        disabled={disabled}
        onChange={onChange}
        aria-invalid={problem ? true : undefined}
        aria-describedby={hintId}
      />
      {problem ? (
        <FormProblem id={hintId} role={notPdf ? 'alert' : undefined}>
          {problem}
        </FormProblem>
      ) : (
        <FieldHint id={hintId}>{file ? `Chosen: ${file.name}` : 'PDF files only.'}</FieldHint>
      )}
    </FileBox>
  );
}
