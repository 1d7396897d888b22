import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Button, ButtonAnchor } from '@studyhub/shared';
import type { LoadFailure } from './load-failure';
import { clampZoom, MAX_ZOOM, MIN_ZOOM, parsePageNumber, ZOOM_STEP } from './page-geometry';
import { READER_TEXTS } from './reader-texts';

export type ReaderStatus =
  | { status: 'loading'; progress?: number }
  | { status: 'failed'; failure: Exclude<LoadFailure, 'session-expired'> }
  | { status: 'ready'; pageCount: number };

export interface ReaderViewProps {
  status: ReaderStatus;
  /** The 1-based page most in view. */
  page: number;
  /** Brings a page into view. */
  onPage(page: number): void;
  /** 1 is fit-to-width; the buttons, the keys and pinches multiply it. */
  zoom: number;
  onZoom(zoom: number): void;
  /** False while the student reads on (scrolled down): the toolbar slides away until a scroll up or a tap. */
  toolbarShown: boolean;
  onShowToolbar(): void;
  /** The unit's download link (an attachment) and its inline link, for a new tab. */
  downloadUrl: string;
  openUrl: string;
  /** Set for a copy saved on the phone: Download saves it under this name instead of opening a link. */
  downloadName?: string;
  /** Loading a PDF that failed for a passing reason again. */
  onRetry(): void;
  /** The pages, while ready. */
  children?: ReactNode;
}

/** The toolbar's height: one row of 44 px targets. The pages start below it (page-list.tsx). */
export const TOOLBAR_HEIGHT = 56;

const Layout = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  display: flex;
  flex-direction: column;
  /* The toolbar slides up out of the reader, not over the dialog's title and its ✕ above. */
  overflow: hidden;
`;

const Toolbar = styled.div<{ $shown: boolean }>`
  position: absolute;
  inset: 0 0 auto;
  z-index: 3;
  height: ${TOOLBAR_HEIGHT}px;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 4px;
  padding: 0 6px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  transition: transform 0.2s ease;
  ${({ $shown }) =>
    !$shown &&
    css`
      transform: translateY(-100%);
    `}
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Group = styled.div`
  display: flex;
  align-items: center;
  gap: 2px;
`;

/** Toolbar buttons: 44 px for a thumb, as narrow as that allows so one row fits a 360 px phone. */
const ToolButton = styled(Button).attrs({ $variant: 'ghost' as const })`
  min-width: 44px;
  min-height: 44px;
  padding: 0 8px;
  font-size: 1.25rem;
`;

const Level = styled(ToolButton)`
  font-size: 0.9rem;
  font-variant-numeric: tabular-nums;
  min-width: 58px;
`;

const PageCount = styled.span`
  font-weight: 600;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
  min-width: 4.5em;
  text-align: center;
`;

const Menu = styled.div`
  position: absolute;
  top: ${TOOLBAR_HEIGHT}px;
  right: 6px;
  z-index: 4;
  display: grid;
  gap: 8px;
  padding: 12px;
  min-width: 14rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow};
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
    min-height: 44px;
    font: inherit;
    padding: 4px 8px;
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: 8px;
  }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.9rem;
`;

const Centred = styled.div`
  margin: auto;
  padding: ${TOOLBAR_HEIGHT + 24}px 20px 24px;
  max-width: 32rem;
  display: grid;
  gap: 16px;
  justify-items: center;
  text-align: center;
  p {
    margin: 0;
  }
  progress {
    width: min(16rem, 100%);
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 8px;
`;

const FAILURE_TEXT: Record<Extract<ReaderStatus, { status: 'failed' }>['failure'], string> = {
  damaged: READER_TEXTS.damaged,
  protected: READER_TEXTS.protected,
  missing: READER_TEXTS.missing,
  unavailable: READER_TEXTS.unavailable,
};

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.isContentEditable);

/** The reader's frame: one slim toolbar over the pages, and the loading and failure states. No pdf.js in here. */
export function ReaderView(props: ReaderViewProps) {
  const { status, downloadUrl, openUrl, downloadName, zoom, onZoom } = props;
  const download = (
    <ButtonAnchor
      href={downloadUrl}
      {...(downloadName ? { download: downloadName } : { target: '_blank', rel: 'noopener noreferrer' })}
    >
      {READER_TEXTS.download}
    </ButtonAnchor>
  );
  const openInNewTab = (
    <ButtonAnchor href={openUrl} target="_blank" rel="noopener noreferrer" $variant="secondary">
      {READER_TEXTS.openInNewTab}
    </ButtonAnchor>
  );

  if (status.status === 'failed') {
    return (
      <Layout>
        <Centred>
          <p role="alert">{FAILURE_TEXT[status.failure]}</p>
          <Links>
            {status.failure === 'unavailable' && (
              <Button onClick={props.onRetry}>{READER_TEXTS.retry}</Button>
            )}
            {download}
            {status.failure !== 'protected' && openInNewTab}
          </Links>
        </Centred>
      </Layout>
    );
  }

  // + and − zoom wherever focus is in the reader (not while typing a page number).
  const onKeyDown = (event: KeyboardEvent) => {
    if (status.status !== 'ready' || isTyping(event.target) || event.ctrlKey || event.metaKey) return;
    const step = { '+': ZOOM_STEP, '=': ZOOM_STEP, '-': 1 / ZOOM_STEP, '−': 1 / ZOOM_STEP }[event.key];
    if (!step) return;
    event.preventDefault();
    onZoom(clampZoom(zoom * step));
  };

  return (
    <Layout onKeyDown={onKeyDown}>
      <Toolbar
        role="toolbar"
        aria-label={READER_TEXTS.toolbar}
        $shown={props.toolbarShown}
        onFocus={props.onShowToolbar}
        data-testid="reader-toolbar"
      >
        {status.status === 'ready' ? <PageControls {...props} pageCount={status.pageCount} /> : <span />}
        <MoreMenu pageCount={status.status === 'ready' ? status.pageCount : 0} onPage={props.onPage}>
          {download}
          {openInNewTab}
        </MoreMenu>
      </Toolbar>
      {status.status === 'loading' ? <Loading progress={status.progress} /> : props.children}
    </Layout>
  );
}

function Loading({ progress }: { progress: number | undefined }) {
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  const text = percent === undefined ? READER_TEXTS.loading : READER_TEXTS.loadingProgress(percent);
  return (
    <Centred role="status" aria-label={text}>
      <p>{text}</p>
      <progress max={100} value={percent} aria-hidden="true" />
    </Centred>
  );
}

function PageControls({ page, pageCount, onPage, zoom, onZoom }: ReaderViewProps & { pageCount: number }) {
  const percent = Math.round(zoom * 100);
  return (
    <>
      <Group>
        <ToolButton aria-label={READER_TEXTS.previous} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹
        </ToolButton>
        <PageCount aria-label={READER_TEXTS.pageOf(page, pageCount)} aria-live="polite" role="status">
          {READER_TEXTS.pageShort(page, pageCount)}
        </PageCount>
        <ToolButton
          aria-label={READER_TEXTS.next}
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          ›
        </ToolButton>
      </Group>
      <Group>
        <ToolButton
          aria-label={READER_TEXTS.zoomOut}
          disabled={zoom <= MIN_ZOOM}
          onClick={() => onZoom(clampZoom(zoom / ZOOM_STEP))}
        >
          −
        </ToolButton>
        <Level aria-label={READER_TEXTS.zoomReset(percent)} onClick={() => onZoom(1)}>
          {READER_TEXTS.zoomLevel(percent)}
        </Level>
        <ToolButton
          aria-label={READER_TEXTS.zoomIn}
          disabled={zoom >= MAX_ZOOM}
          onClick={() => onZoom(clampZoom(zoom * ZOOM_STEP))}
        >
          +
        </ToolButton>
      </Group>
    </>
  );
}

/** ⋯: Download, Open in new tab and Go to page, out of the way of the one row. Escape closes it first. */
function MoreMenu({
  pageCount,
  onPage,
  children,
}: {
  pageCount: number;
  onPage(page: number): void;
  children: ReactNode;
}) {
  const menuId = useId();
  const inputId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState('');
  const [invalid, setInvalid] = useState(false);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const target = parsePageNumber(wanted, pageCount);
    setInvalid(target === null);
    if (target !== null) {
      onPage(target);
      setWanted('');
      setOpen(false);
    }
  };

  return (
    <Group
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // The dialog hears Escape at the document: the open menu takes this one.
        event.stopPropagation();
        setOpen(false);
      }}
    >
      <ToolButton
        aria-label={READER_TEXTS.more}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((shown) => !shown)}
      >
        ⋯
      </ToolButton>
      {open && (
        <Menu id={menuId}>
          {children}
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
              <Button type="submit" $variant="secondary">
                {READER_TEXTS.jumpButton}
              </Button>
            </JumpForm>
          )}
          {invalid && (
            <Hint id={hintId} role="alert">
              {READER_TEXTS.jumpInvalid(pageCount)}
            </Hint>
          )}
        </Menu>
      )}
    </Group>
  );
}
