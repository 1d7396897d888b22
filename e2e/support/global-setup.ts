/**
 * Playwright's globalSetup: checks for Chromium, publishes a fresh build into a temporary deploy folder and
 * serves it. The function it returns is the global teardown: it stops the server and removes the folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_PATH, ENV_BASE_URL, ENV_DEPLOY_DIR } from './env';
import { startSite, stopSite, type RunningSite } from './server';
import { ENV_SESSIONS, logInThroughApi, DEMO_ADMIN, DEMO_STUDENT, DEMO_TEACHER } from './session';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. The e2e suite drives Debian's chromium package ` +
        '(apt-get install chromium) or the binary named by CHROMIUM_PATH.',
    );
  }
  const deployDir = mkdtempSync(path.join(os.tmpdir(), 'studyhub-e2e-'));
  const started = Date.now();
  let site: RunningSite;
  try {
    site = await startSite(deployDir);
  } catch (error) {
    // A global setup that fails has no teardown, so clean up here.
    rmSync(deployDir, { recursive: true, force: true });
    throw error;
  }
  const teardown = async () => {
    await stopSite(site.child);
    rmSync(deployDir, { recursive: true, force: true });
  };
  console.log(`\nStudyHub e2e: site up at ${site.url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.env[ENV_BASE_URL] = site.url;
  process.env[ENV_DEPLOY_DIR] = deployDir;
  try {
    // One login per demo account for the whole run, so the login rate limit is left to the tests of login.
    const sessions = {
      student: await logInThroughApi(DEMO_STUDENT),
      teacher: await logInThroughApi(DEMO_TEACHER),
      admin: await logInThroughApi(DEMO_ADMIN),
    };
    process.env[ENV_SESSIONS] = JSON.stringify(sessions);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
