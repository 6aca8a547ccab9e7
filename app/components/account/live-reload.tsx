/** spec §4: the dashboard's live reload (window focus, visibility, the orders' event stream). */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/**
 * spec §4: the dashboard reloads on window focus, when the page becomes visible, and when one of
 * the user's orders changes (the server's event stream of LISTEN/NOTIFY).
 */
export function LiveReload() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const reload = () => void revalidate();
    const whenVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', reload);
    document.addEventListener('visibilitychange', whenVisible);
    const events = new EventSource('/api/orders/events');
    events.addEventListener('order-changed', reload);
    // The server lost its database connection for a while: changes made then were not announced.
    events.addEventListener('resync', reload);
    return () => {
      window.removeEventListener('focus', reload);
      document.removeEventListener('visibilitychange', whenVisible);
      events.close();
    };
  }, [revalidate]);
  return null;
}
