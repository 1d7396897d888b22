/** axe-core in a test's page (decision 018): its source, and the serious and critical findings it reports. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * Evaluated in the page (`page.evaluate(AXE_SOURCE)`), not added as a script tag: the site's Content-Security-Policy
 * refuses inline scripts, rightly; evaluating through the debugging protocol is not subject to it.
 */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** axe's serious and critical findings on the page as it is, one line per rule and element. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<AxeResults> } };
    const results = await axe.run(document);
    return results.violations.map(({ id, impact, nodes }) => ({
      id,
      impact: impact ?? null,
      nodes: nodes.map((node) =>
        `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.replace(/\s+/g, ' '),
      ),
    }));
  });
  return violations
    .filter((violation) => violation.impact !== null && FAILING_IMPACTS.has(violation.impact))
    .flatMap(({ id, impact, nodes }) => nodes.map((node) => `${id} (${impact}) ${node}`));
}
