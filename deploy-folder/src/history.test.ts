/** @jest-environment node */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { tempDir } from '../test-support/temp-dir';
import {
  appendHistory,
  HISTORY_FILE,
  liveStack,
  previousVersion,
  readHistory,
  type HistoryEvent,
  type ReleaseAction,
} from './history';

const at = '2025-01-01T00:00:00.000Z';
const events = (...steps: [ReleaseAction, string][]): HistoryEvent[] =>
  steps.map(([action, version]) => ({ at, action, version }));

describe('previousVersion', () => {
  it('is the version live before the current one', () => {
    const history = events(['release', 'v1'], ['release', 'v2'], ['release', 'v3']);
    expect(previousVersion(history, 'v3')).toBe('v2');
  });

  it('steps further back on a second rollback instead of returning to the bad version', () => {
    const history = events(['release', 'v1'], ['release', 'v2'], ['release', 'v3'], ['rollback', 'v2']);
    expect(liveStack(history)).toEqual(['v1', 'v2']);
    expect(previousVersion(history, 'v2')).toBe('v1');
  });

  it('counts a promoted canary as a release, and ignores canaries that were aborted', () => {
    const history = events(
      ['release', 'v1'],
      ['canary', 'v2'],
      ['abort', 'v2'],
      ['canary', 'v3'],
      ['promote', 'v3'],
    );
    expect(previousVersion(history, 'v3')).toBe('v1');
  });

  it('after a rollback to a named older version, steps back from there', () => {
    const history = events(['release', 'v1'], ['release', 'v2'], ['release', 'v3'], ['rollback', 'v1']);
    expect(liveStack(history)).toEqual(['v1']);
    expect(previousVersion(history, 'v1')).toBeNull();
  });

  it('keeps a rollback to a version never live before as a step of its own', () => {
    const history = events(['release', 'v2'], ['rollback', 'v0']);
    expect(previousVersion(history, 'v0')).toBe('v2');
  });

  it('returns to the last recorded version when the live one was set by hand', () => {
    expect(previousVersion(events(['release', 'v1'], ['release', 'v2']), 'hand-made')).toBe('v2');
  });

  it('is null when nothing earlier is recorded', () => {
    expect(previousVersion([], 'v1')).toBeNull();
    expect(previousVersion(events(['release', 'v1']), 'v1')).toBeNull();
  });
});

describe('history.json', () => {
  let deployDir: string;
  beforeEach(() => {
    deployDir = tempDir('history');
  });
  afterEach(() => rmSync(deployDir, { recursive: true, force: true }));
  const file = () => path.join(deployDir, HISTORY_FILE);

  it('appends events per app, one line each, in a fixed app order', () => {
    appendHistory(deployDir, 'notes', { at, action: 'release', version: 'n1', by: 'ops' });
    appendHistory(deployDir, 'shell', { at, action: 'release', version: 's1' });
    appendHistory(deployDir, 'notes', { at, action: 'canary', version: 'n2', percent: 10 });
    expect(readFileSync(file(), 'utf8')).toBe(
      '{\n' +
        '  "shell": [\n' +
        `    {"at":"${at}","action":"release","version":"s1"}\n` +
        '  ],\n' +
        '  "notes": [\n' +
        `    {"at":"${at}","action":"release","version":"n1","by":"ops"},\n` +
        `    {"at":"${at}","action":"canary","version":"n2","percent":10}\n` +
        '  ]\n' +
        '}\n',
    );
    expect(readHistory(deployDir).notes).toHaveLength(2);
  });

  it.each([
    ['invalid JSON', '{"notes": [', /not valid JSON/],
    ['a list', '[]', /must be a JSON object/],
    ['an unknown app', '{"shop": []}', /"shop" is not a list of release events/],
    [
      'an event with an unknown action',
      `{"notes": [{"at":"${at}","action":"deploy","version":"1"}]}`,
      /"notes"/,
    ],
  ])('refuses %s rather than overwrite it', (_label, text, message) => {
    writeFileSync(file(), text);
    expect(() => readHistory(deployDir)).toThrow(message);
    expect(() => appendHistory(deployDir, 'notes', { at, action: 'release', version: 'x' })).toThrow(message);
    expect(readFileSync(file(), 'utf8')).toBe(text);
  });
});
