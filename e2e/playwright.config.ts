import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './support/env';

/**
 * One server and one database for the whole run (global-setup), so one worker: tests of a file run in order
 * and files one after another. No retries: a test that passes only the second time is a bug (decision 032).
 */
export default defineConfig({
  testDir: 'tests',
  testMatch: '*.e2e.ts',
  globalSetup: './support/global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    // Debian's Chromium (architecture §8), never a downloaded browser.
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
