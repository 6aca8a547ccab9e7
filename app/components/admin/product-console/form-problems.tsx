import type { FieldMetadata, Submission } from '@conform-to/react';
import { errorToast } from '../../../../core/community/answer';
import { toast } from '../../ui/toast-store';

/**
 * spec §5: the console's refused submit shows the "Error" toast with the shared schema's first
 * message (the fields show theirs too). Only a submit's check, never a blur's, toasts.
 */
export function toastFirstProblem(submission: Submission<unknown, string[]>): void {
  if (submission.status === 'success') return;
  const first = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0];
  if (first) toast(errorToast(first));
}

/** A field's first problem under it, tied to the field by Conform's error id. */
export function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  return meta.errors?.length ? (
    <p id={meta.errorId} className="text-sm text-danger">
      {meta.errors[0]}
    </p>
  ) : null;
}
