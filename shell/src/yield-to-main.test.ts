import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { yieldToMain } from './yield-to-main';

type WithScheduler = { scheduler?: { yield?: () => Promise<void> } };

/** Resolves after `depth` chained microtasks: work the current task would still do before it ends. */
async function microtasks(depth: number, done: () => void): Promise<void> {
  for (let step = 0; step < depth; step += 1) await Promise.resolve();
  done();
}

afterEach(() => {
  delete (globalThis as WithScheduler).scheduler;
});

describe('yieldToMain', () => {
  it('continues in a later task, after everything the current task still had queued', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    void microtasks(50, () => order.push('rest of the task'));
    await yielded;
    expect(order).toEqual(['rest of the task', 'after the yield']);
  });

  it('uses the browser’s scheduler.yield where there is one', async () => {
    const schedulerYield = jest.fn(() => Promise.resolve());
    (globalThis as WithScheduler).scheduler = { yield: schedulerYield };
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
