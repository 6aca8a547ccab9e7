import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { appContext } from '../server/http/app-context';
import { createDeferredHydrationStream } from '../server/http/deferred-hydration';
import { NonceProvider } from './components/layout/nonce';

export const streamTimeout = 5_000;

/**
 * How long a page's deferred reads (docs/design.md §4a: a loader's streamed promises) may take before
 * the page is sent without them. Reads that finish in time are rendered in place, so the HTML is
 * complete, also without JavaScript; a slower read no longer holds the page up, and streams in
 * behind its fallback.
 */
export const DEFERRED_HEAD_START_MS = 100;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce, logger } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once, so they index what a streamed page would fill in later.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const send = () => {
      if (shellRendered) return;
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      pipe(body);
      // docs/requirements.md §16: the scripts load after the page (decision 010)
      const html = body.pipe(createDeferredHydrationStream());
      resolve(
        new Response(createReadableStreamFromReadable(html), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={cspNonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
      </NonceProvider>,
      {
        nonce: cspNonce,
        // React outlines a finished Suspense boundary once the page so far passes this many bytes
        // (its content then waits at the end of the page for a script to move it into place, which
        // never happens without JavaScript). Deferred data that is in by the time the page is sent
        // is rendered in place instead.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellReady() {
          shellReady = true;
          if (readyOption === 'onShellReady') setTimeout(send, DEFERRED_HEAD_START_MS);
        },
        onAllReady: send,
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          // A streamed page whose shell is ready answers as it would have with the shell sent at
          // once: the failed part is rendered again in the browser.
          if (!shellReady || readyOption === 'onAllReady') responseStatusCode = 500;
          // Errors before the shell is ready are logged by React Router itself.
          if (shellReady) logger.error({ err: error }, 'streaming render failed');
        },
      },
    );
  });
}
