/** The limiter password hashing runs under (docs/security.md item 52). */
import { describe, expect, it } from '@jest/globals';
import { concurrencyLimit } from '../src/services/concurrency-limit';

/** A task that runs until the test settles it, recording when it started. */
function heldTask(started: number[], id: number) {
  let settle!: (ok: boolean) => void;
  const done = new Promise<number>((resolve, reject) => {
    settle = (ok) => (ok ? resolve(id) : reject(new Error(`task ${id} failed`)));
  });
  return {
    run: () => {
      started.push(id);
      return done;
    },
    settle,
  };
}

describe('concurrencyLimit', () => {
  it('runs at most `max` tasks at once, the others in the order they came; a failed task frees its slot', async () => {
    const limit = concurrencyLimit(2);
    const started: number[] = [];
    const tasks = [1, 2, 3, 4].map((id) => heldTask(started, id));
    const results = tasks.map((task) => limit(task.run).catch((error: Error) => error.message));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);

    tasks[1]!.settle(false);
    expect(await results[1]).toBe('task 2 failed');
    expect(started).toEqual([1, 2, 3]);
    tasks[0]!.settle(true);
    expect(await results[0]).toBe(1);
    expect(started).toEqual([1, 2, 3, 4]);
    tasks[2]!.settle(true);
    tasks[3]!.settle(true);
    expect(await Promise.all(results)).toEqual([1, 'task 2 failed', 3, 4]);

    // Every slot is free again.
    const later = [5, 6].map((id) => heldTask(started, id));
    later.forEach((task) => void limit(task.run));
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
