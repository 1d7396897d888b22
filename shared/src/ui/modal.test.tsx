import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, jest } from '@jest/globals';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme } from '../theme/theme';
import { Modal } from './modal';

/** A page with content behind the dialog and the button that opens it, as the subject page has. */
function PageWithDialog({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [renders, setRenders] = useState(0);
  return (
    <ThemeProvider theme={theme}>
      <p>Behind the dialog</p>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {open && (
        <Modal
          title="The dialog"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <button type="button" onClick={() => setRenders((count) => count + 1)}>
            Re-render ({renders})
          </button>
          <a href="/elsewhere">Last link</a>
        </Modal>
      )}
    </ThemeProvider>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<PageWithDialog />);
  const opener = screen.getByRole('button', { name: 'Open it' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'The dialog' }) };
}

describe('Modal', () => {
  it('is a labelled modal dialog with focus on its close button', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: /Re-render/ })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('link', { name: 'Last link' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Last link' })).toHaveFocus();
  });

  it('keeps focus where it is when the caller re-renders with a new onClose', async () => {
    const { user, dialog } = await openDialog();
    const rerender = within(dialog).getByRole('button', { name: /Re-render/ });
    await user.click(rerender);
    expect(within(dialog).getByRole('button', { name: 'Re-render (1)' })).toHaveFocus();
  });

  it('closes on Escape even when focus left the dialog, and gives focus back to the opener', async () => {
    const { user, opener } = await openDialog();
    // A click into a part of the page that takes no focus leaves it on <body>.
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('brings focus back inside on Tab when it had left the dialog', async () => {
    const { user, dialog } = await openDialog();
    (document.activeElement as HTMLElement).blur();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('makes the rest of the page inert, hidden and unscrollable while open, and restores it', async () => {
    const { user, opener } = await openDialog();
    const behind = opener.closest('body > *') as HTMLElement;
    expect(behind).toHaveAttribute('inert');
    expect(behind).toHaveAttribute('aria-hidden', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    // Hidden from the accessibility tree: only the dialog's buttons are found.
    expect(screen.queryByRole('button', { name: 'Open it' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(behind).not.toHaveAttribute('inert');
    expect(behind).not.toHaveAttribute('aria-hidden');
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the backdrop but not on one inside the dialog', async () => {
    const onClose = jest.fn();
    const user = userEvent.setup();
    render(<PageWithDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('heading', { name: 'The dialog' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
