/**
 * A phone whose visitor asked to save data, as the bench and the browser suite emulate it, and the wait for the
 * warm-ups such a visitor must not get (decision 037). Typed by what is used, so that Playwright's contexts and
 * pages of either package fit.
 */

interface PhoneContext {
  setExtraHTTPHeaders(headers: Record<string, string>): Promise<unknown>;
  addInitScript(script: string): Promise<unknown>;
}

interface PhonePage {
  evaluate(script: string): Promise<unknown>;
  waitForLoadState(state: 'networkidle'): Promise<unknown>;
}

/**
 * The Save-Data request header, and navigator.connection.saveData true, which is what the page reads
 * (shared/src/connection/saves-data.ts). Text, not a function: tsx names a getter with a helper the page lacks.
 */
export async function emulateSaveData(context: PhoneContext): Promise<void> {
  await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
  await context.addInitScript(
    `if (navigator.connection) Object.defineProperty(Object.getPrototypeOf(navigator.connection), 'saveData', { get: () => true });`,
  );
}

/** Whether the page read that its visitor saves data. */
export async function pageSavesData(page: PhonePage): Promise<boolean> {
  return (await page.evaluate('navigator.connection?.saveData === true')) === true;
}

/**
 * Waits until the page's idle warm-ups (the area preloader's idle callback, due within 2 s) have been asked for
 * and the network has settled, so any warm-up has been fetched.
 */
export async function settleWarmUps(page: PhonePage): Promise<void> {
  await page.evaluate(
    `new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 }), { timeout: 2000 }))`,
  );
  await page.waitForLoadState('networkidle');
}
