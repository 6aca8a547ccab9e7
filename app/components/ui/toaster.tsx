import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from './icons';
import { useSyncExternalStore } from 'react';
import { clsx } from 'clsx';
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from './toast-store';

/** The one toaster of the app (spec §9): Radix announces each toast to screen readers. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((entry) => (
        <ToastPrimitive.Root
          key={entry.id}
          open
          duration={entry.duration}
          // Errors interrupt the screen reader; other news waits its turn.
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
          className={clsx(
            'relative flex w-full items-start gap-3 rounded-xl p-4 pr-10 shadow-lg ring-1',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            // A brass focus ring would not show on the red of an error (WCAG 1.4.11).
            entry.variant === 'destructive'
              ? 'bg-danger text-white ring-danger [&_:focus-visible]:outline-white'
              : 'bg-white text-ink ring-stone',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{entry.title}</ToastPrimitive.Title>
            {entry.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {entry.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* F8 focuses the list; its ring is drawn inside, as the list sits on the window's edge. */}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 focus-visible:-outline-offset-4" />
    </ToastPrimitive.Provider>
  );
}
