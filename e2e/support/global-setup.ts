/**
 * Jest globalSetup: checks for Chromium, publishes a fresh build into a temporary deploy folder and serves it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, ENV_BASE_URL, ENV_DEPLOY_DIR } from './env';
import { startSite, type RunningSite } from './server';
import { ENV_SESSIONS, logInThroughApi, DEMO_ADMIN, DEMO_STUDENT, DEMO_TEACHER } from './session';

/** Shared with global-teardown, which runs in the same process. */
export interface SuiteState {
  site?: RunningSite;
  deployDir?: string;
}
export const STATE_KEY = '__studyhubE2e';

export default async function globalSetup(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The e2e suite drives Debian's chromium package ` +
        '(apt-get install chromium) or the binary named by CHROMIUM_PATH.',
    );
  }
  const deployDir = mkdtempSync(path.join(os.tmpdir(), 'studyhub-e2e-'));
  const state: SuiteState = { deployDir };
  (globalThis as Record<string, unknown>)[STATE_KEY] = state;

  const started = Date.now();
  try {
    state.site = await startSite(deployDir);
  } catch (error) {
    // Jest skips globalTeardown when globalSetup fails, so clean up here.
    rmSync(deployDir, { recursive: true, force: true });
    throw error;
  }
  console.log(
    `\nStudyHub e2e: site up at ${state.site.url} after ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  process.env[ENV_BASE_URL] = state.site.url;
  process.env[ENV_DEPLOY_DIR] = deployDir;
  // One login per demo account for the whole run, so the login rate limit is left to the tests of login.
  const sessions = {
    student: await logInThroughApi(DEMO_STUDENT),
    teacher: await logInThroughApi(DEMO_TEACHER),
    admin: await logInThroughApi(DEMO_ADMIN),
  };
  process.env[ENV_SESSIONS] = JSON.stringify(sessions);
}
