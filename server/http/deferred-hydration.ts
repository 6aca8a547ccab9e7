/**
 * Loads the page's JavaScript after the page itself (docs/requirements.md §16, page speed; decision 010).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in the head for every module the
 * page hydrates with, and an inline module script whose static imports fetch them all while the
 * HTML is still being parsed. On a slow phone connection those ~150 KB of JavaScript then share
 * the line with the stylesheet, the fonts and the largest image, and the first paint waits for
 * all of it. Every page is complete server-rendered HTML whose links and forms work without
 * JavaScript, so the scripts can wait: this rewrite drops the preloads and turns the module script
 * into a small classic script that inserts it once the page has loaded (its images and fonts in),
 * or after `HYDRATION_DEADLINE_MS` past DOMContentLoaded when something holds the load event up.
 *
 * The rewrite runs on React's HTML stream. It touches only markup React Router renders before
 * hydration, and stops at the module script, which `<Scripts>` renders once, at the end of the
 * body: everything after it passes through as it came.
 */
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

/** How long after DOMContentLoaded a page waits at most for its load event before it hydrates. */
export const HYDRATION_DEADLINE_MS = 3_000;

// The markup `<Scripts nonce>` renders (react-router 7.18): a preload per module, hoisted into the
// head by React, and one inline module script that imports them and starts the client entry.
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
const MODULE_SCRIPT_START = /<script nonce="[^"]*" type="module"/;

/** A JavaScript string literal that is also safe inside an HTML `<script>` element. */
function scriptStringLiteral(text: string): string {
  return JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The classic script that stands in for the module script until the page has loaded. */
export function deferredModuleScript(nonce: string, moduleSource: string): string {
  const loader =
    '(function(){var started=false;function start(){if(started)return;started=true;' +
    'var s=document.createElement("script");s.type="module";' +
    `s.nonce=${scriptStringLiteral(nonce)};s.textContent=${scriptStringLiteral(moduleSource)};` +
    'document.head.appendChild(s)}' +
    'addEventListener("load",start,{once:true});' +
    'document.addEventListener("DOMContentLoaded",function(){' +
    `setTimeout(start,${HYDRATION_DEADLINE_MS})},{once:true})})()`;
  return `<script nonce="${nonce}">${loader}</script>`;
}

/**
 * Rewrites a page's HTML as it streams. Text that might be the start of markup to rewrite is held
 * back until the rest of it arrives; nothing is held once the module script has been rewritten.
 */
export function createDeferredHydrationStream(): Transform {
  // React writes bytes; a character can be split between two of its chunks.
  const decoder = new StringDecoder('utf8');
  let held = '';
  let rewritten = false;
  return new Transform({
    decodeStrings: false,
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (rewritten) {
        callback(null, text);
        return;
      }
      held += text;
      held = held.replace(MODULE_PRELOAD, '');
      const script = MODULE_SCRIPT.exec(held);
      if (script) {
        rewritten = true;
        const [markup, nonce = '', source = ''] = script;
        const out =
          held.slice(0, script.index) +
          deferredModuleScript(nonce, source) +
          held.slice(script.index + markup.length);
        held = '';
        callback(null, out);
        return;
      }
      const keepFrom = holdBackIndex(held);
      const out = held.slice(0, keepFrom);
      held = held.slice(keepFrom);
      callback(null, out);
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}

/** Where the text that could still become a preload or the module script begins. */
function holdBackIndex(text: string): number {
  const scriptStart = MODULE_SCRIPT_START.exec(text);
  if (scriptStart) return scriptStart.index;
  const lastOpen = text.lastIndexOf('<');
  if (lastOpen !== -1 && !text.includes('>', lastOpen)) return lastOpen;
  return text.length;
}
