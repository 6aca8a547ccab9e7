/**
 * axe at WCAG 2.2 AA: the one scan every journey runs on a page it checks (docs/testing.md: axe is
 * a journey's work).
 *
 * It runs axe in the page itself (AxeBuilder's "legacy" mode, which tests same-origin frames only).
 * Its default mode runs axe in each frame and then assembles the report in a blank page it opens in
 * the same browser context for every scan: that page took half of each scan's time, about 1 of 2 s
 * on a quiet machine and more under load (docs/testing.md, the time budget). The shop's pages embed
 * no frame from another origin (scripts, fonts and images are the shop's own), so nothing is left
 * unscanned.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Scans the page as it is now, or only the elements `selector` matches. */
export function scanWcag22AA(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page }).setLegacyMode().withTags(WCAG_22_AA);
  return (selector ? builder.include(selector) : builder).analyze();
}
