/**
 * The keyboard alone: Tab, Shift+Tab, Enter, Escape and the arrow keys, never the mouse. Each step
 * checks where focus is and that a sighted keyboard user can see it.
 */
import {
  allowConsoleErrors,
  expect,
  failedResource,
  test,
  type Locator,
  type Page,
} from './support/test';
import { expect as adminExpect, signedInAdmin, test as adminTest } from './support/admin';
import { gotoHydrated, toastWith } from './support/pages';

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, { maxPresses = 60, backwards = false } = {}) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached in ${maxPresses} presses of Tab`).toBeFocused();
}

/**
 * Focus is visible: the focused element, or the box drawn around it (a search field's ring sits on
 * its wrapper, via focus-within), has an outline or a ring with at least 3:1 contrast against what
 * surrounds it (WCAG 1.4.11, non-text contrast).
 */
async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused();
  const indicator = await target.evaluate((element) => {
    type Colour = [number, number, number, number];
    const parse = (text: string): Colour | null => {
      const rgb = /rgba?\(([^)]+)\)/.exec(text);
      if (rgb) {
        const [r = 0, g = 0, b = 0, a = 1] = rgb[1]!
          .split(/[\s,/]+/)
          .filter(Boolean)
          .map(Number);
        return [r, g, b, a];
      }
      const srgb = /color\(srgb ([^)]+)\)/.exec(text);
      if (srgb) {
        const [r = 0, g = 0, b = 0, a = 1] = srgb[1]!
          .split(/[\s/]+/)
          .filter(Boolean)
          .map(Number);
        return [r * 255, g * 255, b * 255, a];
      }
      return null;
    };
    const luminance = ([r, g, b]: number[]) => {
      const linear = (channel: number) => {
        const value = channel / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    /** The colour behind a node: its backgrounds and its ancestors', blended down to white. */
    const backdrop = (node: Element | null): number[] => {
      const layers: Colour[] = [];
      for (let current = node; current; current = current.parentElement) {
        const colour = parse(getComputedStyle(current).backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      return layers
        .reverse()
        .reduce<number[]>(
          (under, [r, g, b, a]) =>
            [r, g, b].map((channel, index) => channel * a + under[index]! * (1 - a)),
          [255, 255, 255],
        );
    };
    const contrast = (colour: number[], behind: number[]) => {
      const [light, dark] = [luminance(colour), luminance(behind)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const indicatorOf = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = parse(style.outlineColor);
      if (
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        outline &&
        outline[3] > 0
      ) {
        return {
          kind: `outline ${style.outlineWidth}`,
          ratio: contrast(outline, backdrop(node.parentElement)),
        };
      }
      const ring = (style.boxShadow.match(/rgba?\([^)]*\)|color\([^)]*\)/g) ?? [])
        .map(parse)
        .find((colour) => colour && colour[3] > 0);
      if (ring) return { kind: 'ring', ratio: contrast(ring, backdrop(node.parentElement)) };
      return null;
    };
    const found =
      indicatorOf(element) ?? (element.parentElement && indicatorOf(element.parentElement));
    return found ? { ...found, ratio: Math.round(found.ratio * 100) / 100 } : null;
  });
  expect(indicator, 'the focused element shows no outline or ring').not.toBeNull();
  expect(
    indicator!.ratio,
    `${indicator!.kind}: contrast with its surroundings`,
  ).toBeGreaterThanOrEqual(3);
}

/** The page without the Web Speech API, so the header's stops do not depend on the browser. */
async function withoutSpeech(page: Page) {
  await page.addInitScript(() => {
    const scope = window as unknown as Record<string, unknown>;
    delete scope.SpeechRecognition;
    delete scope.webkitSpeechRecognition;
  });
}

test.describe('the header', () => {
  test('Tab walks the skip link, logo, navigation, search and account link in order', async ({
    page,
  }) => {
    await withoutSpeech(page);
    await gotoHydrated(page, '/about');
    const header = page.getByRole('banner');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const stops = [
      page.getByRole('link', { name: 'Skip to content' }),
      header.getByRole('link', { name: 'Kalakriti Artisan Decor' }),
      nav.getByRole('button', { name: 'Shop' }),
      nav.getByRole('link', { name: 'Customisations' }),
      nav.getByRole('link', { name: 'About Us' }),
      nav.getByRole('link', { name: 'Journal' }),
      nav.getByRole('link', { name: 'Contact' }),
      header.getByRole('combobox', { name: 'Search products' }),
      header.getByRole('link', { name: 'Sign in' }),
    ];
    for (const stop of stops) {
      await page.keyboard.press('Tab');
      await expectFocusVisible(stop);
    }
    // Shift+Tab goes back the same way.
    for (const stop of stops.slice(0, -1).reverse()) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusVisible(stop);
    }

    // The skip link jumps past the header: the next Tab lands in the page, not the header.
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  });

  test('the Shop menu opens with Enter, its links take Tab, Escape closes it', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const shop = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Shop' });
    await tabTo(page, shop);
    await page.keyboard.press('Enter');
    await expect(shop).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expectFocusVisible(page.getByRole('link', { name: 'All Products' }));
    await page.keyboard.press('Tab');
    await expectFocusVisible(page.getByRole('link', { name: 'Culinary Crafts' }).first());
    await page.keyboard.press('Escape');
    await expect(shop).toHaveAttribute('aria-expanded', 'false');
    await expectFocusVisible(shop);
    await expect(page.getByRole('link', { name: 'All Products' })).toBeHidden();

    // Space opens it too, and Enter on a link follows it.
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the menu button opens the links; Escape closes it and focus returns', async ({
      page,
    }) => {
      await gotoHydrated(page, '/about');
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      await tabTo(page, menuButton);
      await expectFocusVisible(menuButton);
      await page.keyboard.press('Enter');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu).toBeVisible();
      await page.keyboard.press('Tab');
      await expectFocusVisible(menu.getByRole('link', { name: 'All Products' }));
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expectFocusVisible(page.getByRole('button', { name: 'Open menu' }));
    });
  });
});

test.describe('the footer and the toasts', () => {
  test('Shift+Tab from the end reaches the footer links, with a ring that shows on the dark', async ({
    page,
  }) => {
    await gotoHydrated(page, '/about');
    const footer = page.getByRole('contentinfo');
    // With nothing focused, Shift+Tab starts from the end of the page.
    await page.keyboard.press('Shift+Tab');
    for (const name of ['Terms & Conditions', 'Our Story', 'Culinary Crafts']) {
      const link = footer.getByRole('link', { name });
      await tabTo(page, link, { backwards: true });
      await expectFocusVisible(link);
    }
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });
    await tabTo(page, subscribe);
    await expectFocusVisible(subscribe);
  });

  test('F8 takes focus to the toasts; Tab reaches Close and Enter dismisses', async ({ page }) => {
    // The wrong password's answer brings the toast.
    allowConsoleErrors(failedResource(401, '/auth.data'));
    await gotoHydrated(page, '/auth');
    const form = page.getByRole('tabpanel', { name: 'Sign In' });
    await tabTo(page, form.getByLabel('Email'));
    await page.keyboard.type('nobody@example.com');
    await tabTo(page, form.getByLabel('Password', { exact: true }));
    await page.keyboard.type('Wrong#Pass1');
    await page.keyboard.press('Enter');
    const toast = toastWith(page, 'Invalid email or password');
    await expect(toast).toBeVisible();

    await page.keyboard.press('F8');
    const notifications = page.getByRole('region', { name: /^Notifications/ });
    await expectFocusVisible(notifications.locator(':focus'));
    await page.keyboard.press('Tab');
    await expectFocusVisible(toast);
    const close = toast.getByRole('button', { name: 'Close' });
    await page.keyboard.press('Tab');
    await expectFocusVisible(close);
    await page.keyboard.press('Enter');
    await expect(toast).toBeHidden();
  });
});

test.describe('the search combobox', () => {
  test('type, arrow through the suggestions, Enter opens the product', async ({ page }) => {
    await withoutSpeech(page);
    await gotoHydrated(page, '/about');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await tabTo(page, box);
    await expectFocusVisible(box);
    await page.keyboard.type('Ganesh');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = listbox.getByRole('option');

    // The arrows move the active option; focus stays in the box (aria-activedescendant).
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(0).getAttribute('id'))!,
    );
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toBeFocused();

    // Up from the first goes round to the last line, "View all results".
    await page.keyboard.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await expect(options.last()).toHaveText('View all results for "Ganesh"');
    await page.keyboard.press('ArrowDown');

    const first = (await options.nth(0).locator('span.font-medium').textContent()) ?? '';
    expect(first).not.toBe('');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(page).toHaveURL(/\/product\/[\w-]+$/);
  });

  test('Escape closes the suggestions and leaves focus in the box', async ({ page }) => {
    await withoutSpeech(page);
    await gotoHydrated(page, '/about');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await tabTo(page, box);
    await page.keyboard.type('Urli');
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(listbox).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expectFocusVisible(box);
    await expect(box).toHaveValue('Urli');
    // Down again reopens them, and Tab leaves the box for its "Clear search" button.
    await page.keyboard.press('ArrowDown');
    await expect(listbox).toBeVisible();
    await page.keyboard.press('Tab');
    await expectFocusVisible(
      page.getByRole('banner').getByRole('button', { name: 'Clear search' }),
    );
    await expect(listbox).toBeHidden();
  });
});

test.describe('the quote dialog', () => {
  test('opens with Enter, keeps focus inside, submits, and gives focus back', async ({ page }) => {
    await gotoHydrated(page, '/product/boat-ganesh');
    const trigger = page.getByRole('link', { name: 'Get Quotation' });
    await tabTo(page, trigger);
    await expectFocusVisible(trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request Quotation' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    // Tab never leaves the dialog, however far it goes.
    for (let press = 0; press < 14; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }

    const name = dialog.getByLabel('Your name');
    await tabTo(page, name);
    await expectFocusVisible(name);
    await page.keyboard.type('Keyboard Buyer');
    const mobile = dialog.getByRole('textbox', { name: 'Mobile' });
    await tabTo(page, mobile);
    await page.keyboard.type('+91 90000 12345');
    const submit = dialog.getByRole('button', { name: 'Submit Request' });
    await tabTo(page, submit);
    await expectFocusVisible(submit);
    await page.keyboard.press('Enter');
    await expect(toastWith(page, 'Request Submitted!')).toBeVisible();
    // docs/requirements.md §2: focus moves to the request's private link, in place of the form; Close closes.
    await expectFocusVisible(dialog.getByRole('link', { name: 'View your quotation' }));
    const close = dialog.getByRole('button', { name: 'Close', exact: true }).last();
    await tabTo(page, close);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(trigger);
  });

  test('Escape closes it and focus returns to the button that opened it', async ({ page }) => {
    await gotoHydrated(page, '/product/lotus-urli');
    const trigger = page.getByRole('link', { name: 'Get Quotation' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request Quotation' });
    await expect(dialog.getByLabel('Your name')).toBeVisible();
    // Shift+Tab from the first control wraps to the last, still inside.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(trigger);
  });
});

adminTest.describe('the admin tabs', () => {
  adminTest.describe.configure({ timeout: 120_000 });

  adminTest('arrow keys move between the tabs and the panel follows', async ({ shop }) => {
    await shop.sql(
      `insert into contact_messages (name, email, subject, message)
       values ('Kabir Sen', 'kabir@example.com', 'Bulk order', 'Twenty urlis for a hotel lobby.')`,
    );
    const { page } = await signedInAdmin(shop);
    const tabs = page.getByRole('tablist', { name: 'Admin' });
    const tab = (name: string) => tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
    const quotations = tab('Quotation Requests');
    // One stop for the whole tab list: Tab lands on the selected tab.
    await tabTo(page, quotations);
    await expectFocusVisible(quotations);

    const walk: [string, string][] = [
      ['ArrowRight', 'Orders'],
      ['ArrowRight', 'Contact Messages'],
      ['ArrowRight', 'User Roles'],
      ['ArrowRight', 'Product Media'],
      ['ArrowRight', 'Quotation Requests'],
      ['ArrowLeft', 'Product Media'],
      ['Home', 'Quotation Requests'],
      ['End', 'Product Media'],
    ];
    for (const [key, name] of walk) {
      await page.keyboard.press(key);
      await expectFocusVisible(tab(name));
      await adminExpect(tab(name)).toHaveAttribute('aria-selected', 'true');
      await adminExpect(page.getByRole('tabpanel', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await adminExpect(page.getByRole('link', { name: 'Manage Products and Media' })).toBeVisible();

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const messages = tab('Contact Messages');
    await adminExpect(messages).toHaveAttribute('aria-selected', 'true');
    await adminExpect(
      page.getByRole('tabpanel').getByText('Twenty urlis for a hotel lobby.'),
    ).toBeVisible();
    // Tab leaves the tab list for the panel's first control.
    await page.keyboard.press('Tab');
    await expectFocusVisible(page.getByRole('tabpanel', { name: /^Contact Messages/ }));
  });
});
