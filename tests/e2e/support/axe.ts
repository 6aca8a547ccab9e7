/**
 * axe at WCAG 2.2 AA: the one scan every journey runs on a page it checks (docs/testing.md: axe is
 * a journey's work).
 *
 * axe-core runs in the page itself and reaches the page's same-origin frames through its own frame
 * messaging; the shop's pages embed no frame from another origin (scripts, fonts and images are
 * the shop's own), so nothing is left unscanned. Two costs of a scan were not axe's (docs/testing.md,
 * the time budget): `@axe-core/playwright` sent axe's 550 kB source into the page twice for every
 * scan, and again after each scan of the same page, and its default mode assembled every report in
 * a blank page it opened for the purpose. Here a frame gets the source only when it has no axe yet,
 * and the report keeps every node of a violation but only one of each rule that passed, the part
 * no journey reads (axe's `resultTypes`).
 */
import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

const WCAG_22_AA_ONLY: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')) return;
  await frame.evaluate(axe.source);
}

/** Scans the page as it is now, or only the elements `selector` matches. */
export async function scanWcag22AA(page: Page, selector?: string): Promise<axe.AxeResults> {
  await ensureAxe(page.mainFrame());
  for (const frame of page.frames()) {
    // A frame that went away meanwhile has nothing left to scan.
    if (frame !== page.mainFrame()) await ensureAxe(frame).catch(() => undefined);
  }
  return page.evaluate(
    ({ include, options }) => {
      const { axe: scanner } = window as unknown as { axe: typeof axe };
      return scanner.run(include ? { include: [include] } : document, options);
    },
    { include: selector ?? null, options: WCAG_22_AA_ONLY },
  );
}

/**
 * Each violation as a failing journey shows it: the rule, its impact and help, and every element
 * it found, with the element's HTML and what to fix.
 */
function describeViolations(violations: axe.Result[]): string[] {
  return violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'no impact given'}): ${violation.help}`,
      ...violation.nodes.map(
        (node) =>
          `  at ${node.target.join(' ')}\n    ${node.html.slice(0, 200)}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    ].join('\n'),
  );
}

/** The page's violations now (or those in `selector`), described; none is `[]`. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  return describeViolations((await scanWcag22AA(page, selector)).violations);
}

/** The page as it is now has no WCAG 2.2 AA violation. */
export async function expectNoAxeViolations(page: Page, label?: string): Promise<void> {
  expect(await axeViolations(page), label).toEqual([]);
}
