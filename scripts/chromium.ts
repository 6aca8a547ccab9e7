import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as the browser tests and the Lighthouse bench start it: one set of flags
 * (headless, no sandbox in containers, nothing that phones home or updates itself).
 */
const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? DEBIAN_CHROMIUM_PATH;

/**
 * The journeys drive Debian's headless shell of the same Chromium when it is installed (package
 * chromium-headless-shell): it draws no browser window of its own and took half the processor
 * time of the full browser over the same journeys (docs/decisions/031-journeys-in-the-headless-shell.md).
 * Without it, the full browser above. The Lighthouse bench keeps the full browser: its figures
 * in docs/benchmarks.md were measured with it.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser the journeys start: `CHROMIUM_PATH` when set, else the shell, else the full browser. */
export function journeyBrowserPath(
  chromiumPathSetting: string | undefined,
  isInstalled: (path: string) => boolean,
): string {
  if (chromiumPathSetting !== undefined) return chromiumPathSetting;
  return isInstalled(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DEBIAN_CHROMIUM_PATH;
}

export const JOURNEY_CHROMIUM_PATH = journeyBrowserPath(process.env.CHROMIUM_PATH, existsSync);

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
