/**
 * deploy/history.json: every change of what is live, per app, oldest first. It is what `rollback` steps back
 * along and what `releases status` shows. Written (under the deploy lock) after remotes.json or shell.json.
 */
import { userInfo } from 'node:os';
import path from 'node:path';
import { APP_NAMES, readJsonObjectFile, writeFileAtomic, type AppName } from './layout';

export const HISTORY_FILE = 'history.json';

export const RELEASE_ACTIONS = ['release', 'canary', 'promote', 'abort', 'rollback'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

export interface HistoryEvent {
  /** ISO-8601 time of the change. */
  at: string;
  action: ReleaseAction;
  version: string;
  /** Canary share, for `canary` events. */
  percent?: number;
  /** Who made the change (user name of the process). */
  by?: string;
  /** Why, when a program made the change on its own (an automatic canary abort says what it measured). */
  reason?: string;
}

export type History = Partial<Record<AppName, HistoryEvent[]>>;

function isEvent(value: unknown): value is HistoryEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { at, action, version, percent, by, reason } = value as Record<string, unknown>;
  return (
    typeof at === 'string' &&
    (RELEASE_ACTIONS as readonly unknown[]).includes(action) &&
    typeof version === 'string' &&
    (percent === undefined || typeof percent === 'number') &&
    (by === undefined || typeof by === 'string') &&
    (reason === undefined || typeof reason === 'string')
  );
}

/** The history, or an error naming what is wrong: a release never overwrites a history it cannot read. */
export function readHistory(deployDir: string): History {
  const file = path.join(deployDir, HISTORY_FILE);
  const history: History = {};
  for (const [app, events] of Object.entries(readJsonObjectFile(file) ?? {})) {
    if (!(APP_NAMES as readonly string[]).includes(app) || !Array.isArray(events) || !events.every(isEvent)) {
      throw new Error(`${file}: the entry "${app}" is not a list of release events; repair it first`);
    }
    history[app as AppName] = events;
  }
  return history;
}

/** Stable app order and one event per line, so a change shows as the lines it added. */
export function serializeHistory(history: History): string {
  const apps = APP_NAMES.filter((app) => history[app]?.length);
  const blocks = apps.map((app) => {
    const lines = (history[app] ?? []).map((event) => `    ${JSON.stringify(orderedEvent(event))}`);
    return `  ${JSON.stringify(app)}: [\n${lines.join(',\n')}\n  ]`;
  });
  return blocks.length === 0 ? '{}\n' : `{\n${blocks.join(',\n')}\n}\n`;
}

function orderedEvent({ at, action, version, percent, by, reason }: HistoryEvent): HistoryEvent {
  return {
    at,
    action,
    version,
    ...(percent === undefined ? {} : { percent }),
    ...(by === undefined ? {} : { by }),
    ...(reason === undefined ? {} : { reason }),
  };
}

function whoAmI(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

/** An event of now, by the user this process runs as. */
export function historyEvent(
  action: ReleaseAction,
  version: string,
  { percent, reason }: Pick<HistoryEvent, 'percent' | 'reason'> = {},
): HistoryEvent {
  const by = whoAmI();
  return {
    at: new Date().toISOString(),
    action,
    version,
    ...(percent === undefined ? {} : { percent }),
    ...(by ? { by } : {}),
    ...(reason === undefined ? {} : { reason }),
  };
}

export function appendHistory(deployDir: string, app: AppName, event: HistoryEvent): void {
  const history = readHistory(deployDir);
  history[app] = [...(history[app] ?? []), event];
  writeFileAtomic(path.join(deployDir, HISTORY_FILE), serializeHistory(history));
}

/**
 * The versions an app has been live at, newest last, with rollbacks undone: a release or promote pushes its
 * version, a rollback pops back to its target. So rolling back twice goes two steps back, never forward again.
 */
export function liveStack(events: readonly HistoryEvent[]): string[] {
  const stack: string[] = [];
  for (const { action, version } of events) {
    if (action === 'release' || action === 'promote') {
      if (stack.at(-1) !== version) stack.push(version);
    } else if (action === 'rollback') {
      const index = stack.lastIndexOf(version);
      if (index >= 0) stack.length = index + 1;
      else stack.push(version);
    }
  }
  return stack;
}

/** The version a plain `rollback` goes to: the one live before `live`, or null when there is none. */
export function previousVersion(events: readonly HistoryEvent[], live: string | null): string | null {
  const stack = liveStack(events);
  while (stack.length > 0 && stack.at(-1) === live) stack.pop();
  return stack.at(-1) ?? null;
}
