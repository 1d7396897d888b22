import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { renderWithProviders } from '@studyhub/shared/testing';
import { GOOGLE_SCRIPT_SRC } from '../google/google-identity';
import { installGoogleStub } from '../test-helpers';
import { GoogleButton } from './google-button';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';
const googleScripts = () => document.querySelectorAll(`script[src="${GOOGLE_SCRIPT_SRC}"]`);

function renderButton(
  googleClientId: string | null,
  handlers = { onCredential: jest.fn(), onError: jest.fn() },
) {
  renderWithProviders(
    <GoogleButton text="signin_with" onCredential={handlers.onCredential} onError={handlers.onError} />,
    { siteConfig: { googleClientId, uploadTimeoutMs: 10_000 } },
  );
  return handlers;
}

afterEach(() => {
  delete window.google;
  jest.restoreAllMocks();
});

describe('GoogleButton', () => {
  it('renders nothing and loads no script without a client id', () => {
    renderButton(null);
    expect(screen.queryByRole('group', { name: 'Google sign-in' })).not.toBeInTheDocument();
    expect(googleScripts()).toHaveLength(0);
  });

  it("loads Google's script once, however many buttons there are", () => {
    renderButton(CLIENT_ID);
    renderButton(CLIENT_ID);
    expect(screen.getAllByRole('group', { name: 'Google sign-in' })).toHaveLength(2);
    expect(googleScripts()).toHaveLength(1);
    googleScripts().forEach((script) => script.remove());
  });

  it('initialises Google with the client id and renders its button in place', async () => {
    const google = installGoogleStub();
    renderButton(CLIENT_ID);
    await waitFor(() => expect(google.renderButton).toHaveBeenCalledTimes(1));
    expect(google.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID }));
    const slot = screen.getByRole('group', { name: 'Google sign-in' });
    const [parent, options] = google.renderButton.mock.calls[0] ?? [];
    expect(parent).toBe(slot);
    expect(options).toMatchObject({ text: 'signin_with', size: 'large' });
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
  });

  it('hands a credential on, and runs the error handler when Google answers without one', async () => {
    const google = installGoogleStub();
    const handlers = renderButton(CLIENT_ID);
    await waitFor(() => expect(google.initialize).toHaveBeenCalled());

    google.answer({ credential: 'the-credential' });
    expect(handlers.onCredential).toHaveBeenCalledWith('the-credential');
    expect(handlers.onError).not.toHaveBeenCalled();

    google.answer({});
    expect(handlers.onError).toHaveBeenCalledTimes(1);
  });
});
