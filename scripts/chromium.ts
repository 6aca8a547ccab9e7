/**
 * Debian's Chromium as the browser tests and the Lighthouse bench start it: one path and one set
 * of flags (headless, no sandbox in containers, nothing that phones home or updates itself).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
