import { describe, expect, it } from '@jest/globals';
import { progressPercent } from '../api/send-pdf';
import { progressTone, simulatedStep } from './progress';

describe('progressTone', () => {
  it.each([
    [0, 'red'],
    [29, 'red'],
    [30, 'yellow'],
    [69, 'yellow'],
    [70, 'green'],
    [100, 'green'],
  ])('%p%% is %s', (percent, tone) => {
    expect(progressTone(percent)).toBe(tone);
  });
});

describe('simulatedStep', () => {
  it('climbs 10 at a time up to 70 and stays there', () => {
    const seen: number[] = [];
    let percent = 0;
    for (let step = 0; step < 10; step += 1) {
      percent = simulatedStep(percent);
      seen.push(percent);
    }
    expect(seen).toEqual([10, 20, 30, 40, 50, 60, 70, 70, 70, 70]);
  });

  it('never lowers a bar already past 70', () => {
    expect(simulatedStep(85)).toBe(85);
    expect(simulatedStep(65)).toBe(70);
  });
});

describe('progressPercent', () => {
  it.each([
    [{ loaded: 50, total: 200 }, 25],
    [{ loaded: 1, total: 3, progress: 1 / 3 }, 33],
    [{ loaded: 200, total: 200 }, 100],
    [{ loaded: 10 }, null],
    [{ loaded: 10, total: 0 }, null],
  ])('%p is %p', (event, percent) => {
    expect(progressPercent(event)).toBe(percent);
  });
});
