import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, subscribeToasts, toast, TOAST_DURATION_MS } from './toast-store';

afterEach(() => {
  for (const entry of getToasts()) dismissToast(entry.id);
});

describe('toast store (spec §9)', () => {
  it('shows one toast at a time: a new one replaces the current one', () => {
    toast({ title: 'Message sent!' });
    toast({
      title: 'Error',
      description: 'Failed to send message. Please try again.',
      variant: 'destructive',
    });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Error', variant: 'destructive' });
  });

  it('shows a toast for 5000 ms unless told otherwise', () => {
    toast({ title: 'Welcome back!' });
    expect(getToasts()[0]?.duration).toBe(TOAST_DURATION_MS);
    expect(TOAST_DURATION_MS).toBe(5000);
    toast({ title: 'Saved', duration: 2000 });
    expect(getToasts()[0]?.duration).toBe(2000);
  });

  it('removes a dismissed toast and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    const id = toast({ title: 'Address added' });
    dismissToast(id);
    expect(getToasts()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toast({ title: 'Address deleted' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the same snapshot until something changes', () => {
    toast({ title: 'Profile updated' });
    const snapshot = getToasts();
    expect(getToasts()).toBe(snapshot);
    dismissToast(-1);
    expect(getToasts()).toBe(snapshot);
  });
});
