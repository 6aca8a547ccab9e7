/**
 * The app's one toast queue, framework-free so actions, hooks and tests can all raise toasts.
 */

// spec §9: one toast at a time, shown 5000 ms by default, dismissed by a 50 px swipe.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  link?: { to: string; label: string };
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'link'>> {
  id: number;
  description?: string;
  link?: ToastInput['link'];
}

type Listener = () => void;

const noToasts: readonly Toast[] = [];
// The same array as the server snapshot: a different (even empty) one makes React re-render the
// toaster synchronously after hydration, flushing every effect of the page in one long task.
let toasts: readonly Toast[] = noToasts;
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  const created: Toast = {
    id,
    title: input.title,
    description: input.description,
    link: input.link,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  // A new toast replaces the oldest once the limit is reached.
  publish([created, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  if (!toasts.some((entry) => entry.id === id)) return;
  publish(toasts.filter((entry) => entry.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function getServerToasts(): readonly Toast[] {
  return noToasts;
}
