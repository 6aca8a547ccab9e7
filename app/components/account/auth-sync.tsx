/**
 * spec §4 auth events: every open tab shows a sign-in or sign-out made in another. The server
 * resolves the session for every page; a tab that hears of a change loads its data again.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

const CHANNEL = 'storefront-auth';

/** Tells the other tabs that this one signed in or out, so they show it too. */
export function announceAuthChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Reloads this tab's data when another tab signs in or out. */
export function AuthSync() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void revalidate();
    return () => channel.close();
  }, [revalidate]);
  return null;
}
