/**
 * One toast of the toaster (app/components/ui/toaster.tsx), loaded with the first toast
 * (docs/decisions/020): its countdown, its Close button, Escape and the swipe that dismisses it.
 */
import { useEffect, useRef, type PointerEvent } from 'react';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { X } from './icons';
import { TOAST_SWIPE_THRESHOLD_PX, type Toast } from './toast-store';

export function ToastItem({
  entry,
  paused,
  onDismiss,
}: {
  entry: Toast;
  paused: boolean;
  onDismiss: (id: number, item: HTMLElement | null) => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  const swipe = useRef<{ x: number; y: number; moving: boolean; offset: number } | null>(null);
  const swipeJustEnded = useRef(false);
  const dismiss = () => onDismiss(entry.id, item.current);
  // What is left of the toast's time across pauses.
  const remaining = useRef(entry.duration);

  useEffect(() => {
    if (paused) return;
    const timer = closeTimer(remaining.current, () => onDismiss(entry.id, item.current));
    timer.resume();
    return () => {
      remaining.current = timer.pause();
    };
  }, [paused, entry.id, onDismiss]);

  const endSwipe = (event: PointerEvent<HTMLLIElement>, cancelled: boolean) => {
    const current = swipe.current;
    swipe.current = null;
    const toast = event.currentTarget;
    if (toast.hasPointerCapture(event.pointerId)) toast.releasePointerCapture(event.pointerId);
    if (!current?.moving) return;
    // The click that ends a swipe presses nothing, the Close button included.
    swipeJustEnded.current = true;
    window.setTimeout(() => {
      swipeJustEnded.current = false;
    });
    if (!cancelled && swipeDismisses(current.offset)) dismiss();
    else toast.style.transform = '';
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape and the swipe dismiss it; Close does too
    <li
      ref={item}
      // Focusable as Radix's toasts were: F8, then Tab, reaches the toast and then its Close.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        swipe.current = { x: event.clientX, y: event.clientY, moving: false, offset: 0 };
      }}
      onPointerMove={(event) => {
        const current = swipe.current;
        if (!current) return;
        const x = event.clientX - current.x;
        const y = event.clientY - current.y;
        if (!current.moving) {
          // A finger wobbles more than a mouse before it means to move.
          const slack = event.pointerType === 'touch' ? 10 : 2;
          if (x > slack && Math.abs(x) > Math.abs(y)) {
            current.moving = true;
            event.currentTarget.setPointerCapture(event.pointerId);
          } else if (Math.abs(x) > slack || Math.abs(y) > slack) {
            swipe.current = null; // not a swipe to the right
            return;
          } else return;
        }
        current.offset = Math.max(0, x);
        event.currentTarget.style.transform = `translateX(${current.offset}px)`;
      }}
      onPointerUp={(event) => endSwipe(event, false)}
      onPointerCancel={(event) => endSwipe(event, true)}
      onClickCapture={(event) => {
        if (!swipeJustEnded.current) return;
        event.preventDefault();
        event.stopPropagation();
      }}
      className={clsx(
        'pointer-events-auto relative flex w-full touch-none items-start gap-3 rounded-xl p-4 pr-10 shadow-lg ring-1 select-none',
        // A brass focus ring would not show on the red of an error (WCAG 1.4.11).
        entry.variant === 'destructive'
          ? 'bg-danger text-white ring-danger [&_:focus-visible]:outline-white'
          : 'bg-white text-ink ring-stone',
      )}
    >
      <div className="grid gap-1">
        <div className="font-semibold">{entry.title}</div>
        {entry.description ? <div className="text-sm opacity-90">{entry.description}</div> : null}
        {entry.link ? (
          <Link
            to={entry.link.to}
            onClick={dismiss}
            className="inline-flex min-h-6 items-center text-sm font-medium underline underline-offset-4"
          >
            {entry.link.label}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={dismiss}
        className="absolute top-3 right-3 rounded p-1 opacity-80 hover:opacity-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}

/** spec §9: a swipe to the right of 50 px or more dismisses; a shorter one snaps back. */
export function swipeDismisses(offsetX: number): boolean {
  return offsetX >= TOAST_SWIPE_THRESHOLD_PX;
}

/**
 * A toast's countdown of `duration` ms: it runs only between resume() and pause(), and pause()
 * tells what is left, so a toast that was hovered or focused gets the rest of its time afterwards.
 * No duration (0, Infinity) never ends.
 */
export function closeTimer(duration: number, onEnd: () => void) {
  let remaining = duration;
  let startedAt = 0;
  let handle: ReturnType<typeof setTimeout> | undefined;
  return {
    resume() {
      if (handle !== undefined || !duration || duration === Infinity) return;
      startedAt = Date.now();
      handle = setTimeout(
        () => {
          handle = undefined;
          onEnd();
        },
        Math.max(remaining, 0),
      );
    },
    pause(): number {
      if (handle === undefined) return remaining;
      clearTimeout(handle);
      handle = undefined;
      remaining -= Date.now() - startedAt;
      return remaining;
    },
  };
}
