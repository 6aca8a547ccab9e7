import { lazy, Suspense, type ComponentProps } from 'react';
import type { Modal as LoadedModal } from './modal';

export { ModalClose } from './modal-close';

// The dialog module (docs/decisions/020) is fetched when a dialog first opens, not with the page; the
// browser keeps it, so later openings are immediate.
const OpenedModal = lazy(() => import('./modal').then((module) => ({ default: module.Modal })));

/**
 * modal.tsx's `Modal`, with the same props, for pages whose first load must stay small: closed,
 * it renders nothing and loads nothing; opened, it renders the real dialog once its code is in.
 *
 * Until then nothing shows (a placeholder would flash on every fast load) and focus stays on the
 * opener, so the dialog, when it appears, still takes that element as the one to give focus back
 * to, moves focus inside and is labelled by its title, as it is when loaded with the page.
 */
export function Modal(props: ComponentProps<typeof LoadedModal>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <OpenedModal {...props} />
    </Suspense>
  );
}
