/**
 * The suite's `test`: Playwright's, with the problem guard on every test (problems.ts), the built-in context as
 * a visitor of its own (its own address, signed in when the test asks with `signedIn`), and `open` for a test
 * that needs more visitors, or a window whose options it learns while it runs.
 */
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { ownAddress } from './accounts';
import { baseUrl } from './env';
import { recordProblems, type ProblemFilter, type ProblemRecorder } from './problems';
import { signIn, type DemoRole, type SessionData } from './session';

export { expect };

type SignedIn = boolean | DemoRole | SessionData;

export interface OpenOptions {
  /**
   * Put a session in localStorage before the app starts: the demo student's (true), the named demo account's, or
   * one the test logged in itself.
   */
  signedIn?: SignedIn;
  /** Problems this window causes on purpose; every other one fails the test. */
  allow?: ProblemFilter[];
  /** A phone instead of the default desktop window: its viewport, touch and mobile meta-viewport handling. */
  device?: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile' | 'deviceScaleFactor'>;
  /** The visitor's address (X-Forwarded-For); a random 10.x.y.z of its own unless the test needs to know it. */
  address?: string;
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

export type OpenWindow = (options?: OpenOptions) => Promise<Session>;

export interface ProblemGuard {
  /** Problems this test causes on purpose, in any of its windows; every other one fails the test. */
  allow(...filters: ProblemFilter[]): void;
  /** Records a window's problems; `allow` names those this window causes on purpose. */
  watch(context: BrowserContext, allow?: ProblemFilter[]): void;
}

interface Fixtures {
  /** The built-in context's session (`test.use({ signedIn: 'admin' })`); none by default. */
  signedIn: Exclude<SignedIn, SessionData>;
  problems: ProblemGuard;
  open: OpenWindow;
}

const signInAs = (context: BrowserContext, who: Exclude<SignedIn, false>) =>
  signIn(context, who === true ? 'student' : who);

// A fixture hands its value to `provide`, Playwright's `use`: the React hooks lint rule claims that name.
export const test = base.extend<Fixtures>({
  // The site global-setup started, unless the configuration names one.
  baseURL: async ({ baseURL }, provide) => provide(baseURL ?? baseUrl()),
  // Each window is a visitor of its own, so the per-IP limits (ten logins a minute) count the suite's many
  // windows apart, as they would count students; the server trusts this header from loopback only.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) =>
    provide({ ...extraHTTPHeaders, 'x-forwarded-for': ownAddress() }),
  signedIn: [false, { option: true }],

  problems: [
    async ({ baseURL }, provide) => {
      const origin = new URL(baseURL ?? baseUrl()).origin;
      const watched: { context: BrowserContext; recorder: ProblemRecorder; allow: ProblemFilter[] }[] = [];
      const allowedEverywhere: ProblemFilter[] = [];
      await provide({
        allow: (...filters) => void allowedEverywhere.push(...filters),
        watch: (context, allow = []) =>
          void watched.push({ context, recorder: recordProblems(context, origin), allow }),
      });
      // Read once every window has closed, so no event of the test is still on its way.
      for (const { context } of watched) await context.close();
      const unexpected = watched.flatMap(({ recorder, allow }) =>
        recorder
          .problems()
          .filter((problem) => ![...allow, ...allowedEverywhere].some((filter) => filter(problem))),
      );
      expect(unexpected).toEqual([]);
    },
    { auto: true },
  ],

  context: async ({ context, signedIn, problems }, provide) => {
    problems.watch(context);
    if (signedIn) await signInAs(context, signedIn);
    await provide(context);
  },

  open: async ({ browser, problems }, provide) => {
    await provide(async ({ signedIn = false, allow = [], device = {}, address = ownAddress() } = {}) => {
      // baseURL and tracing come from the test's settings, as for the built-in context.
      const context = await browser.newContext({
        ...device,
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      problems.watch(context, allow);
      if (signedIn) await signInAs(context, signedIn);
      return { context, page: await context.newPage() };
    });
  },
});
