import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDeferredHydrationStream,
  deferredModuleScript,
  HYDRATION_DEADLINE_MS,
} from './deferred-hydration';

const NONCE = 'n0nce+/=';
const MODULE_SOURCE =
  ';\nimport * as route0 from "/assets/root-A.js";\nimport * as route1 from "/assets/home-B.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client-C.js");';

/** A page as React Router 7.18 streams it, with the markup `<Scripts nonce>` renders. */
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  `<link nonce="${NONCE}" rel="stylesheet" href="/assets/app.css" data-precedence="default"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/root-A.js" nonce="${NONCE}"/>`,
  '<title>Brass lamps – ₹1,250 · Kalakriti</title></head><body><main><h1>Brass lamps</h1>',
  '<p>A review that quotes &lt;link rel=&quot;modulepreload&quot;&gt; and ₹ and 🪔.</p></main>',
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">${MODULE_SOURCE}</script>`,
  '<p>after</p></body></html>',
].join('');

async function rewrite(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks, { objectMode: false }).pipe(createDeferredHydrationStream()));
}

/** Splits a page into byte chunks at the given cut points (which may fall inside a character). */
function splitBytes(html: string, cuts: number[]): Buffer[] {
  const bytes = Buffer.from(html, 'utf8');
  const points = [...new Set(cuts.map((cut) => cut % bytes.length))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks.filter((chunk) => chunk.length > 0);
}

describe('scripts that load after the page (decision 010)', () => {
  it('drops the module preloads and defers the module script, leaving the rest as it was', async () => {
    const html = await rewrite([page]);
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('type="module" async=""');
    expect(html).toContain(deferredModuleScript(NONCE, MODULE_SOURCE));
    expect(html).toContain('<title>Brass lamps – ₹1,250 · Kalakriti</title>');
    expect(html).toContain('quotes &lt;link rel=&quot;modulepreload&quot;&gt; and ₹ and 🪔.');
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
    expect(html.endsWith('<p>after</p></body></html>')).toBe(true);
  });

  it('inserts the same module script, with the page’s nonce, once the page has loaded', async () => {
    const html = await rewrite([page]);
    const loader = /<script nonce="[^"]*">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(loader).toBeDefined();
    const appended: Array<{ type: string; nonce: string; textContent: string }> = [];
    const listeners = new Map<string, () => void>();
    const timers: Array<{ run: () => void; ms: number }> = [];
    const fakeDocument = {
      createElement: () => ({ type: '', nonce: '', textContent: '' }),
      head: { appendChild: (script: (typeof appended)[number]) => appended.push(script) },
      addEventListener: (event: string, run: () => void) => listeners.set(`document:${event}`, run),
    };
    new Function('document', 'addEventListener', 'setTimeout', loader!)(
      fakeDocument,
      (event: string, run: () => void) => listeners.set(`window:${event}`, run),
      (run: () => void, ms: number) => timers.push({ run, ms }),
    );
    expect(appended).toHaveLength(0);

    listeners.get('window:load')!();
    expect(appended).toEqual([{ type: 'module', nonce: NONCE, textContent: MODULE_SOURCE }]);

    // The deadline after DOMContentLoaded does not start the page twice.
    listeners.get('document:DOMContentLoaded')!();
    expect(timers).toEqual([expect.objectContaining({ ms: HYDRATION_DEADLINE_MS })]);
    timers[0]!.run();
    expect(appended).toHaveLength(1);
  });

  it('starts the page at the deadline when the load event is held up', async () => {
    const html = await rewrite([page]);
    const loader = /<script nonce="[^"]*">(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1]!;
    let appended = 0;
    const listeners = new Map<string, () => void>();
    let timer: (() => void) | undefined;
    new Function('document', 'addEventListener', 'setTimeout', loader)(
      {
        createElement: () => ({}),
        head: { appendChild: () => (appended += 1) },
        addEventListener: (event: string, run: () => void) => listeners.set(event, run),
      },
      () => undefined,
      (run: () => void) => (timer = run),
    );
    listeners.get('DOMContentLoaded')!();
    expect(appended).toBe(0);
    timer!();
    expect(appended).toBe(1);
  });

  it('keeps a module source that contains "</script>" or line separators inert in the page', () => {
    const markup = deferredModuleScript(
      NONCE,
      'const s = "</script><img src=x onerror=alert(1)>\u2028";',
    );
    expect(markup.match(/<\/script>/g)).toHaveLength(1);
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('\u2028');
  });

  it('gives the same page however the stream is cut, even inside a tag or a character', async () => {
    const whole = await rewrite([page]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat({ max: Buffer.byteLength(page) }), { maxLength: 12 }),
        async (cuts) => {
          expect(await rewrite(splitBytes(page, cuts))).toBe(whole);
        },
      ),
      { numRuns: 300 },
    );
    // Every single cut point, one at a time.
    for (let cut = 1; cut < Buffer.byteLength(page); cut += 1) {
      expect(await rewrite(splitBytes(page, [cut]))).toBe(whole);
    }
  });

  it('passes a page without React Router’s scripts through unchanged', async () => {
    const plain = '<!DOCTYPE html><html><body><p>a < b and ₹</p><script>1</script></body></html>';
    expect(await rewrite(splitBytes(plain, [3, 20, 47]))).toBe(plain);
  });
});
