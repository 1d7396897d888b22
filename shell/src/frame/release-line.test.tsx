import { act, screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { renderWithProviders } from '@studyhub/shared/testing';
import { recordLoadedVersion } from '../areas/loaded-versions';
import { ReleaseLine } from './release-line';

describe('ReleaseLine', () => {
  it("shows the shell's version and each area's as it loads, with its channel", () => {
    renderWithProviders(<ReleaseLine />);
    const line = screen.getByTestId('release-line');
    expect(line).toHaveTextContent(/^shell test$/);

    act(() => recordLoadedVersion('notes', { version: '1.0.0-aaaaaaaa-v2', channel: 'canary' }));
    act(() => recordLoadedVersion('auth', { version: '1.0.0-bbbbbbbb', channel: 'live' }));
    expect(line).toHaveTextContent('shell test · auth 1.0.0-bbbbbbbb · notes 1.0.0-aaaaaaaa-v2 (canary)');
    expect(line.querySelector('[data-app="notes"]')).toHaveAttribute('data-version', '1.0.0-aaaaaaaa-v2');
  });
});
