import { createContext, useContext, type ComponentProps } from 'react';

/**
 * How the open dialog around a control closes itself. Kept apart from modal.tsx so that forms
 * with a Cancel button, and pages that import them, do not bring in the dialog (docs/decisions/020: the
 * dialog's code loads on first open, see lazy-modal.tsx).
 */
export const CloseModalContext = createContext<(() => void) | null>(null);

/** A button that closes the dialog it is in, as Cancel and Close do. */
export function ModalClose({ onClick, type = 'button', ...props }: ComponentProps<'button'>) {
  const close = useContext(CloseModalContext);
  return (
    <button
      type={type}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) close?.();
      }}
    />
  );
}
