/**
 * docs/decisions/017: every mail template, rendered from its sample, read on a 320 px phone in the light
 * and the dark colour scheme: nothing scrolls sideways, nothing is fetched, and dark mode repaints
 * the mail. A screenshot of each lands in test-results/mail-templates/ for a person to look at.
 *
 * The mail is rendered in the test's own process (Playwright's loader compiles the .tsx with the
 * project's tsconfig, jsx "react-jsx") and shown with `page.setContent`: no shop server is needed.
 */
import path from 'node:path';
import { expect, test } from './support/test';
import { mailSamples, sampleShop } from '../support/mail-samples';
import { mailTemplates, renderMailTemplate } from '../../server/mail/templates';
import type { MailTemplateName } from '../../server/mail/templates/props';

const PHONE_WIDTH = 320;
const names = Object.keys(mailTemplates) as MailTemplateName[];

test.use({ viewport: { width: PHONE_WIDTH, height: 640 } });

for (const name of names) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the ${name} mail fits a ${PHONE_WIDTH} px screen in the ${colorScheme} scheme`, async ({
      page,
    }, testInfo) => {
      const { html } = await renderMailTemplate(name, mailSamples[name], sampleShop);
      const fetched: string[] = [];
      await page.route('**/*', async (route) => {
        fetched.push(route.request().url());
        await route.abort();
      });
      await page.emulateMedia({ colorScheme });
      await page.setContent(html);

      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.document, 'the page scrolls sideways').toBeLessThanOrEqual(PHONE_WIDTH);
      expect(widths.body, 'the body scrolls sideways').toBeLessThanOrEqual(PHONE_WIDTH);
      expect(fetched, 'a mail loads nothing from elsewhere').toEqual([]);

      // The dark scheme's rules apply (layout.tsx): the card and its text are repainted.
      const colours = await page.evaluate(() => ({
        card: getComputedStyle(document.querySelector('.mail-card')!).backgroundColor,
        text: getComputedStyle(document.querySelector('.mail-text')!).color,
      }));
      expect(colours).toEqual(
        colorScheme === 'dark'
          ? { card: 'rgb(36, 29, 24)', text: 'rgb(241, 233, 220)' }
          : { card: 'rgb(250, 247, 242)', text: 'rgb(43, 34, 28)' },
      );

      await page.screenshot({
        path: path.join(testInfo.project.outputDir, 'mail-templates', `${name}-${colorScheme}.png`),
        fullPage: true,
      });
    });
  }
}
