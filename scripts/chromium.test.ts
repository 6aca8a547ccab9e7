import { describe, expect, it } from 'vitest';
import { HEADLESS_SHELL_PATH, journeyBrowserPath } from './chromium';

describe('the browser the journeys start', () => {
  it("is Debian's headless shell when it is installed", () => {
    expect(journeyBrowserPath(undefined, (path) => path === HEADLESS_SHELL_PATH)).toBe(
      '/usr/bin/chromium-headless-shell',
    );
  });

  it('is the full browser when the shell is not installed', () => {
    expect(journeyBrowserPath(undefined, () => false)).toBe('/usr/bin/chromium');
  });

  it('is the one CHROMIUM_PATH names, installed shell or not', () => {
    expect(journeyBrowserPath('/opt/chromium/chrome', () => true)).toBe('/opt/chromium/chrome');
  });
});
