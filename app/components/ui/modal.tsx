import * as Dialog from '@radix-ui/react-dialog';
import { X } from './icons';
import type { ReactNode } from 'react';

/** A titled dialog: focus stays inside, Escape closes it, focus returns to the opener. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <PortalWhileOpen open={open}>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-ivory p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-semibold">{title}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1 hover:bg-sand">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-1 text-ink-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </PortalWhileOpen>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;

/**
 * A Radix dialog portal that mounts only while its dialog is open. A closed Radix portal still
 * sets state in a layout effect when it mounts: a synchronous re-render right after hydration for
 * every dialog on the page, which also flushes all of the page's effects in that one long task
 * (issue 8, blocking time). None of our dialogs animates its exit, so nothing waits for one.
 */
export function PortalWhileOpen({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? <Dialog.Portal>{children}</Dialog.Portal> : null;
}
