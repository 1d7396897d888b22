import { act, screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { AREA_EXPOSE, type AreaName } from '@studyhub/contract';
import { renderWithAreas, startedAreaRegistry } from '../testing/area-registry';
import { ReleaseLine } from './release-line';

const entry = (area: AreaName, version: string) => ({
  version,
  entry: `/mfe/${area}/${version}/mf-manifest.json`,
});
/** The build versions the areas' modules report about themselves. */
const BUILDS: Partial<Record<AreaName, string>> = { notes: '1.0.0-aaaaaaaa-v2', auth: '1.0.0-bbbbbbbb' };

describe('ReleaseLine', () => {
  it("shows the shell's version and each area's as it loads, with its channel", async () => {
    const areas = await startedAreaRegistry(
      {
        notes: {
          ...entry('notes', '1.0.0-aaaaaaaa'),
          canary: { ...entry('notes', '1.0.0-aaaaaaaa-v2'), percent: 100 },
        },
        auth: entry('auth', '1.0.0-bbbbbbbb'),
      },
      {
        loadModule: (area) =>
          Promise.resolve({
            ok: true,
            module: { default: () => null, area, contractVersion: 2, buildVersion: BUILDS[area]! },
          }),
      },
    );
    renderWithAreas(<ReleaseLine />, { areas });
    const line = screen.getByTestId('release-line');
    expect(line).toHaveTextContent(/^shell test$/);

    await act(() => areas.load('notes', AREA_EXPOSE));
    await act(() => areas.load('auth', AREA_EXPOSE));
    expect(line).toHaveTextContent('shell test · auth 1.0.0-bbbbbbbb · notes 1.0.0-aaaaaaaa-v2 (canary)');
    expect(line.querySelector('[data-app="notes"]')).toHaveAttribute('data-version', '1.0.0-aaaaaaaa-v2');
  });
});
