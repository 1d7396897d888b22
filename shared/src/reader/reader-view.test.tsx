import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { renderWithProviders } from '@studyhub/shared/testing';
import { MAX_ZOOM, ZOOM_STEP } from './page-geometry';
import { ReaderView, type ReaderStatus } from './reader-view';

const LINKS = { downloadUrl: '/api/download/x?download=1', openUrl: '/api/download/x' };

/** The view with its page, zoom and toolbar kept as the reader keeps them. */
function Reader({ status, onRetry = () => undefined }: { status: ReaderStatus; onRetry?: () => void }) {
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [toolbarShown, setToolbarShown] = useState(false);
  return (
    <>
      <ReaderView
        status={status}
        page={page}
        onPage={setPage}
        zoom={zoom}
        onZoom={setZoom}
        toolbarShown={toolbarShown}
        onShowToolbar={() => setToolbarShown(true)}
        onRetry={onRetry}
        {...LINKS}
      >
        <p>Page surface</p>
      </ReaderView>
      <output aria-label="zoom">{zoom.toFixed(4)}</output>
      <output aria-label="toolbar">{String(toolbarShown)}</output>
    </>
  );
}

const pageCount = () => screen.getByRole('status', { name: /^Page \d+ of \d+$/ });
const zoomValue = () => Number(screen.getByRole('status', { name: 'zoom' }).textContent);
const openMenu = () => userEvent.click(screen.getByRole('button', { name: 'More' }));

describe('ReaderView', () => {
  it('says it is loading, with the share of the file arrived once pdf.js knows it', () => {
    const { unmount } = renderWithProviders(<Reader status={{ status: 'loading' }} />);
    expect(screen.getByRole('status', { name: 'Loading the PDF…' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<Reader status={{ status: 'loading', progress: 0.4 }} />);
    expect(screen.getByRole('status', { name: 'Loading the PDF… 40 %' })).toBeInTheDocument();
    expect(screen.queryByText('Page surface')).not.toBeInTheDocument();
  });

  it('keeps Download and Open in new tab in the ⋯ menu, which Escape closes without closing the dialog', async () => {
    const dialogEscape = jest.fn();
    document.addEventListener('keydown', dialogEscape);
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 3 }} />);
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    await openMenu();
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', LINKS.downloadUrl);
    expect(screen.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', LINKS.openUrl);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    expect(dialogEscape).not.toHaveBeenCalled();
    document.removeEventListener('keydown', dialogEscape);
  });

  it('is one labelled toolbar of buttons at least 44 px, back in view when focused', () => {
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 3 }} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Reader' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Previous page',
      'Next page',
      'Zoom out',
      'Zoom 100 %: fit to width',
      'Zoom in',
      'More',
    ]);
    for (const button of buttons) expect(getComputedStyle(button).minHeight).toBe('44px');
    expect(screen.getByRole('status', { name: 'toolbar' })).toHaveTextContent('false');
    fireEvent.focus(buttons[0]!);
    expect(screen.getByRole('status', { name: 'toolbar' })).toHaveTextContent('true');
  });

  it('slides the toolbar away within the reader, never over the dialog title and close button above it', () => {
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 3 }} />);
    const reader = screen.getByRole('toolbar', { name: 'Reader' }).parentElement!;
    expect(getComputedStyle(reader).overflow).toBe('hidden');
  });

  it('shows page x of y, pages forward and back, with the ends disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 3 }} />);
    expect(pageCount()).toHaveTextContent('1 / 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageCount()).toHaveAccessibleName('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(pageCount()).toHaveTextContent('2 / 3');
  });

  it('jumps to a typed page from the menu and says which pages exist for a wrong one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 12 }} />);
    await openMenu();
    const input = screen.getByLabelText('Go to page');
    await user.type(input, '13{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a page number from 1 to 12.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '9');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(pageCount()).toHaveAccessibleName('Page 9 of 12');
    expect(screen.queryByLabelText('Go to page')).not.toBeInTheDocument();
  });

  it('shows the zoom level; buttons and + / − keys step it, the level button fits the width again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 1 }} />);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoomValue()).toBeCloseTo(ZOOM_STEP);
    expect(screen.getByRole('button', { name: 'Zoom 125 %: fit to width' })).toHaveTextContent('125 %');
    await user.click(screen.getByRole('button', { name: 'Zoom 125 %: fit to width' }));
    expect(zoomValue()).toBe(1);
    await user.keyboard('+');
    expect(zoomValue()).toBeCloseTo(ZOOM_STEP);
    await user.keyboard('-');
    await user.keyboard('-');
    expect(zoomValue()).toBeCloseTo(1 / ZOOM_STEP);
    for (let step = 0; step < 12; step += 1) await user.keyboard('+');
    expect(zoomValue()).toBe(MAX_ZOOM);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  });

  it.each([
    ['damaged', 'This PDF could not be shown: the file is damaged'],
    ['protected', 'password-protected'],
    ['missing', 'no longer on the server'],
    ['unavailable', 'Check your connection'],
  ] as const)('explains a %s file and still offers the download, never a blank box', (failure, text) => {
    renderWithProviders(<Reader status={{ status: 'failed', failure }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', LINKS.downloadUrl);
    expect(screen.queryByText('Page surface')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('offers another try only for a connection failure', async () => {
    const onRetry = jest.fn();
    renderWithProviders(<Reader status={{ status: 'failed', failure: 'unavailable' }} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it.each(['damaged', 'protected'] as const)('has no Try again for a %s file', (failure) => {
    renderWithProviders(<Reader status={{ status: 'failed', failure }} />);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a password-protected file for download only: a new tab could not open it either', () => {
    renderWithProviders(<Reader status={{ status: 'failed', failure: 'protected' }} />);
    expect(screen.queryByRole('link', { name: 'Open in new tab' })).not.toBeInTheDocument();
  });
});
