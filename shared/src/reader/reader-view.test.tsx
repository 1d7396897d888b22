import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { renderWithProviders } from '@studyhub/shared/testing';
import { MAX_ZOOM, ZOOM_STEP } from './page-geometry';
import { ReaderView, type ReaderStatus } from './reader-view';

const LINKS = { downloadUrl: '/api/download/x?download=1', openUrl: '/api/download/x' };

/** The view with its page and zoom kept as the reader keeps them. */
function Reader({ status, onRetry = () => undefined }: { status: ReaderStatus; onRetry?: () => void }) {
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  return (
    <>
      <ReaderView
        status={status}
        page={page}
        onPage={setPage}
        zoom={zoom}
        onZoom={setZoom}
        onRetry={onRetry}
        {...LINKS}
      >
        <p>Page surface</p>
      </ReaderView>
      <output aria-label="zoom">{zoom.toFixed(4)}</output>
    </>
  );
}

const pageCount = () => screen.getByText(/^Page \d+ of \d+$/);

describe('ReaderView', () => {
  it('offers Download and Open in new tab while loading', () => {
    renderWithProviders(<Reader status={{ status: 'loading' }} />);
    expect(screen.getByRole('status', { name: 'Loading the PDF…' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', LINKS.downloadUrl);
    expect(screen.getByRole('link', { name: 'Open in new tab' })).toHaveAttribute('href', LINKS.openUrl);
    expect(screen.queryByText('Page surface')).not.toBeInTheDocument();
  });

  it('pages forward and back, with the ends disabled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 3 }} />);
    expect(pageCount()).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pageCount()).toHaveTextContent('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(pageCount()).toHaveTextContent('Page 2 of 3');
  });

  it('jumps to a typed page and says which pages exist for a wrong one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 12 }} />);
    const input = screen.getByLabelText('Go to page');
    await user.type(input, '13{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a page number from 1 to 12.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(pageCount()).toHaveTextContent('Page 1 of 12');
    await user.clear(input);
    await user.type(input, '9');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(pageCount()).toHaveTextContent('Page 9 of 12');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('zooms in and out in steps, back to fit-to-width, never past the bounds', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Reader status={{ status: 'ready', pageCount: 1 }} />);
    const zoom = () => Number(screen.getByRole('status', { name: 'zoom' }).textContent);
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom()).toBeCloseTo(ZOOM_STEP);
    expect(screen.getByRole('button', { name: 'Fit to width' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Fit to width' }));
    expect(zoom()).toBe(1);
    for (let step = 0; step < 10; step += 1) {
      const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
      if (!(zoomIn as HTMLButtonElement).disabled) await user.click(zoomIn);
    }
    expect(zoom()).toBe(MAX_ZOOM);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    // A one-page PDF has nothing to jump to.
    expect(screen.queryByLabelText('Go to page')).not.toBeInTheDocument();
  });

  it.each([
    ['damaged', 'This PDF could not be shown: the file is damaged'],
    ['protected', 'password-protected'],
    ['missing', 'no longer on the server'],
    ['unavailable', 'could not be loaded'],
  ] as const)('explains a %s file and still offers the download, never a blank box', (failure, text) => {
    renderWithProviders(<Reader status={{ status: 'failed', failure }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', LINKS.downloadUrl);
    expect(screen.queryByText('Page surface')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('offers another try only for a passing failure', async () => {
    const onRetry = jest.fn();
    renderWithProviders(<Reader status={{ status: 'failed', failure: 'unavailable' }} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Try again for a damaged file', () => {
    renderWithProviders(<Reader status={{ status: 'failed', failure: 'damaged' }} />);
    expect(within(document.body).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
