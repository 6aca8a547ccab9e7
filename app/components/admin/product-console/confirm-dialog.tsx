import type { ReactNode } from 'react';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/classes';
import { Modal, ModalClose } from '../../ui/modal';

/** spec §5 confirmations: the question, Cancel, and a button that submits `form`. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  question,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  question: string;
  /** The form whose submit button confirms. */
  children: ReactNode;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={question}>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        {children}
      </div>
    </Modal>
  );
}

export const dangerButtonClass = `${primaryButtonClass} bg-danger hover:bg-danger/90`;
