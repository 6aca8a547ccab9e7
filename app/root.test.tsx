import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Route } from './+types/root';
import { ErrorBoundary } from './root';

/** Framework mode hands the boundary its error as a prop; a plain data router needs the hook. */
function Boundary() {
  const error = useRouteError();
  return <ErrorBoundary {...({ error, params: {} } as Route.ErrorBoundaryProps)} />;
}

/**
 * The HTML once every Suspense boundary is in, as entry.server sends it: the 404 page is a
 * deferred section (docs/decisions/020), which `renderToString` would leave to the browser.
 */
function renderComplete(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
      onShellError: reject,
    });
  });
}

/** Runs one failing route through a real data router and renders what the root boundary shows. */
async function renderFailure(loader: () => never): Promise<string> {
  const router = createMemoryRouter([
    { path: '/', loader, Component: () => null, ErrorBoundary: Boundary },
  ]);
  await router.navigate('/');
  return renderComplete(<RouterProvider router={router} />);
}

describe('the root error boundary', () => {
  it('shows "Unexpected Application Error!" when a route fails (spec §8)', async () => {
    const html = await renderFailure(() => {
      throw new Error('database exploded');
    });
    expect(html).toContain('Unexpected Application Error!');
    expect(html).not.toContain('database exploded');
    expect(html).toContain('href="/"');
  });

  it('shows the 404 page for a not-found response', async () => {
    const html = await renderFailure(() => {
      throw new Response(null, { status: 404 });
    });
    expect(html).toContain('Oops! Page not found');
  });
});
