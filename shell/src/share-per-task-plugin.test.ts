import { describe, expect, it, jest } from '@jest/globals';
import { sharePerTaskPlugin } from './share-per-task-plugin';
import { yieldToMain } from './yield-to-main';

jest.mock('./yield-to-main', () => ({ yieldToMain: jest.fn() }));
const mockedYield = jest.mocked(yieldToMain);

type BeforeLoadShare = NonNullable<ReturnType<typeof sharePerTaskPlugin>['beforeLoadShare']>;

describe('sharePerTaskPlugin', () => {
  it('hands each share request on unchanged, once the task has yielded', async () => {
    let endTask = () => undefined as void;
    mockedYield.mockReturnValue(new Promise<void>((resolve) => (endTask = resolve)));
    const args = { pkgName: 'react' } as unknown as Parameters<BeforeLoadShare>[0];
    let handedOn: unknown = null;
    const passing = Promise.resolve(sharePerTaskPlugin().beforeLoadShare!(args)).then(
      (result) => (handedOn = result),
    );

    await Promise.resolve();
    expect(mockedYield).toHaveBeenCalledTimes(1);
    expect(handedOn).toBeNull();
    endTask();
    await passing;
    expect(handedOn).toBe(args);
  });
});
