/**
 * spec §4 auth events: every open tab shows a sign-in or sign-out made in another. The server
 * resolves the session for every page; a tab that hears of a change loads its data again.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

const CHANNEL = 'storefront-auth';

let tabChannel: BroadcastChannel | undefined;

/**
 * The tab's one channel, for speaking and listening alike: a channel never hears its own
 * messages, so the tab that signed in or out is not reloaded in the middle of its own redirect
 * (which aborted that redirect, an uncaught AbortError).
 */
function channelOfThisTab(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  tabChannel ??= new BroadcastChannel(CHANNEL);
  return tabChannel;
}

/** Tells the other tabs that this one signed in or out, so they show it too. */
export function announceAuthChange(): void {
  channelOfThisTab()?.postMessage('changed');
}

/** Reloads this tab's data when another tab signs in or out. */
export function AuthSync() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const channel = channelOfThisTab();
    if (!channel) return;
    channel.onmessage = () => void revalidate();
    return () => {
      channel.onmessage = null;
    };
  }, [revalidate]);
  return null;
}
