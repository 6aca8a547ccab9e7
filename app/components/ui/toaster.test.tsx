import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ToastStore from './toast-store';
import type { Toast } from './toast-store';

// The server render reads the store's server snapshot: these tests choose what it holds.
const shown = vi.hoisted(() => ({ toasts: [] as Toast[] }));
vi.mock('./toast-store', async (importOriginal) => ({
  ...(await importOriginal<typeof ToastStore>()),
  getServerToasts: () => shown.toasts,
}));

const { Notifications: Toaster } = await import('./notifications');
const { closeTimer, swipeDismisses } = await import('./toast-item');
const { TOAST_DURATION_MS } = await import('./toast-store');

function toastOf(fields: Partial<Toast>): Toast {
  return {
    id: 1,
    title: 'Message sent!',
    variant: 'default',
    duration: TOAST_DURATION_MS,
    ...fields,
  };
}

/** The HTML once the lazily loaded toast is in (the toaster loads it with the first toast). */
async function renderedWithToasts(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<Toaster />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The live regions of the HTML, each with what it holds (Suspense's markers left out). */
function liveRegions(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<ol aria-live="(\w+)"[^>]*>(.*?)<\/ol>/g)].map(([, politeness, inner]) => [
      politeness!,
      inner!.replaceAll(/<!--.*?-->/g, ''),
    ]),
  );
}

afterEach(() => {
  shown.toasts = [];
  vi.useRealTimers();
});

describe('the toaster (spec §9)', () => {
  it('is in the server HTML with its two live regions, empty, before any toast', () => {
    const html = renderToString(<Toaster />);
    expect(html).toMatch(/^<section popover="manual" aria-label="Notifications \(F8\)"/);
    expect(liveRegions(html)).toEqual({ polite: '', assertive: '' });
    // Empty status or alert roles would be second matches for each page's own messages.
    expect(html).not.toContain('role=');
  });

  it('puts news in the polite region, with its title, description and Close button', async () => {
    shown.toasts = [toastOf({ title: 'Address added', description: 'Saved to your account.' })];
    const regions = liveRegions(await renderedWithToasts());
    expect(regions.assertive).toBe('');
    expect(regions.polite).toMatch(/^<li tabindex="0"/);
    expect(regions.polite).toContain('Address added');
    expect(regions.polite).toContain('Saved to your account.');
    expect(regions.polite).toContain('<button type="button" aria-label="Close"');
    expect(regions.polite).toContain('bg-white');
  });

  it('puts an error in the assertive region, drawn in the danger colour', async () => {
    shown.toasts = [
      toastOf({
        title: 'Error',
        description: 'Failed to send message. Please try again.',
        variant: 'destructive',
      }),
    ];
    const regions = liveRegions(await renderedWithToasts());
    expect(regions.polite).toBe('');
    expect(regions.assertive).toContain('Failed to send message. Please try again.');
    expect(regions.assertive).toContain('bg-danger');
  });

  it('is dismissed by a swipe to the right of 50 px, not less', () => {
    expect(swipeDismisses(50)).toBe(true);
    expect(swipeDismisses(120)).toBe(true);
    expect(swipeDismisses(49)).toBe(false);
    expect(swipeDismisses(0)).toBe(false);
  });

  it('counts down only while not paused, and resumes with the time that was left', () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    const timer = closeTimer(TOAST_DURATION_MS, ended);
    timer.resume();
    vi.advanceTimersByTime(3000);
    expect(timer.pause()).toBe(2000);
    vi.advanceTimersByTime(60_000);
    expect(ended).not.toHaveBeenCalled();
    timer.resume();
    vi.advanceTimersByTime(1999);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledOnce();
  });

  it('never ends a toast shown without a duration', () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    closeTimer(Infinity, ended).resume();
    closeTimer(0, ended).resume();
    vi.advanceTimersByTime(1_000_000);
    expect(ended).not.toHaveBeenCalled();
  });
});
