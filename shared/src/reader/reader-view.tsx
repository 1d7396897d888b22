import { useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ButtonAnchor, Spinner } from '@studyhub/shared';
import type { LoadFailure } from './load-failure';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, parsePageNumber, ZOOM_STEP } from './page-geometry';
import { READER_TEXTS } from './reader-texts';

export type ReaderStatus =
  | { status: 'loading' }
  | { status: 'failed'; failure: Exclude<LoadFailure, 'session-expired'> }
  | { status: 'ready'; pageCount: number };

export interface ReaderViewProps {
  status: ReaderStatus;
  /** The 1-based page shown. */
  page: number;
  onPage(page: number): void;
  /** 1 is fit-to-width; the buttons and pinches multiply it. */
  zoom: number;
  onZoom(zoom: number): void;
  /** The unit's download link (an attachment) and its inline link, for a new tab. */
  downloadUrl: string;
  openUrl: string;
  /** Loading a PDF that failed for a passing reason again. */
  onRetry(): void;
  /** The drawn page, while ready. */
  children?: ReactNode;
}

const Layout = styled.div`
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  padding: 8px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
`;

/** Toolbar buttons: at least 44 px for a thumb, round icons for the arrows and zoom. */
const ToolButton = styled(Button).attrs({ $variant: 'secondary' as const })`
  min-width: 44px;
  min-height: 44px;
  padding: 6px 12px;
`;

const ToolLink = styled(ButtonAnchor)`
  min-height: 44px;
  padding: 6px 14px;
`;

const PageCount = styled.span`
  font-weight: 600;
  white-space: nowrap;
  min-width: 7.5em;
  text-align: center;
`;

const JumpForm = styled.form`
  display: flex;
  align-items: center;
  gap: 6px;
  label {
    white-space: nowrap;
  }
  input {
    width: 4em;
    min-height: 40px;
    font: inherit;
    padding: 4px 8px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 8px;
  }
`;

const Hint = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
`;

const Failure = styled.div`
  margin: auto;
  padding: 24px 20px;
  max-width: 32rem;
  display: grid;
  gap: 16px;
  justify-items: center;
  text-align: center;
  p {
    margin: 0;
  }
`;

const FAILURE_TEXT: Record<Extract<ReaderStatus, { status: 'failed' }>['failure'], string> = {
  damaged: READER_TEXTS.damaged,
  protected: READER_TEXTS.protected,
  missing: READER_TEXTS.missing,
  unavailable: READER_TEXTS.unavailable,
};

/** The reader's frame: toolbar, page surface, and the loading and failure states. No pdf.js in here. */
export function ReaderView(props: ReaderViewProps) {
  const { status, downloadUrl, openUrl } = props;
  const links = (
    <Group>
      <ToolLink href={downloadUrl} target="_blank" rel="noopener noreferrer">
        {READER_TEXTS.download}
      </ToolLink>
      <ToolLink href={openUrl} target="_blank" rel="noopener noreferrer" $variant="secondary">
        {READER_TEXTS.openInNewTab}
      </ToolLink>
    </Group>
  );

  if (status.status === 'failed') {
    return (
      <Layout>
        <Failure>
          <p role="alert">{FAILURE_TEXT[status.failure]}</p>
          <Group>
            {status.failure === 'unavailable' && (
              <ToolButton onClick={props.onRetry}>{READER_TEXTS.retry}</ToolButton>
            )}
            {links}
          </Group>
        </Failure>
      </Layout>
    );
  }

  return (
    <Layout>
      <Toolbar>
        {status.status === 'ready' && <PageControls {...props} pageCount={status.pageCount} />}
        {links}
      </Toolbar>
      {status.status === 'loading' ? <Spinner label={READER_TEXTS.loading} /> : props.children}
    </Layout>
  );
}

function PageControls({ page, pageCount, onPage, zoom, onZoom }: ReaderViewProps & { pageCount: number }) {
  const inputId = useId();
  const hintId = useId();
  const [wanted, setWanted] = useState('');
  const [invalid, setInvalid] = useState(false);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const target = parsePageNumber(wanted, pageCount);
    setInvalid(target === null);
    if (target !== null) {
      onPage(target);
      setWanted('');
    }
  };

  return (
    <>
      <Group>
        <ToolButton aria-label={READER_TEXTS.previous} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹
        </ToolButton>
        <PageCount aria-live="polite">{READER_TEXTS.pageOf(page, pageCount)}</PageCount>
        <ToolButton
          aria-label={READER_TEXTS.next}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          ›
        </ToolButton>
      </Group>
      {pageCount > 1 && (
        <JumpForm onSubmit={jump}>
          <label htmlFor={inputId}>{READER_TEXTS.jumpLabel}</label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            value={wanted}
            aria-invalid={invalid}
            aria-describedby={invalid ? hintId : undefined}
            onChange={(event) => setWanted(event.target.value)}
          />
          <ToolButton type="submit">{READER_TEXTS.jumpButton}</ToolButton>
        </JumpForm>
      )}
      <Group>
        <ToolButton
          aria-label={READER_TEXTS.zoomOut}
          disabled={zoom <= MIN_ZOOM}
          onClick={() => onZoom(clampZoom(zoom / ZOOM_STEP))}
        >
          −
        </ToolButton>
        <ToolButton aria-pressed={zoom === 1} onClick={() => onZoom(1)}>
          {READER_TEXTS.fitWidth}
        </ToolButton>
        <ToolButton
          aria-label={READER_TEXTS.zoomIn}
          disabled={zoom >= MAX_ZOOM}
          onClick={() => onZoom(clampZoom(zoom * ZOOM_STEP))}
        >
          +
        </ToolButton>
      </Group>
      {invalid && (
        <Hint id={hintId} role="alert">
          {READER_TEXTS.jumpInvalid(pageCount)}
        </Hint>
      )}
    </>
  );
}
