import { useFetcher } from 'react-router';
import { toast, type ToastInput } from '../ui/toast-store';
import { useOnAnswer } from '../ui/use-answer';

/** What the /admin action answers: the toast of a success, or spec §8's alert text. */
export type AdminAnswer = { status: 'ok'; toast: ToastInput } | { status: 'error'; alert: string };

/**
 * An admin form's fetcher: a success toast, or the failure in the console's alert area (spec §8
 * "Admin alert messages") through `onAlert`.
 */
export function useAdminAction(onAlert: (message: string | null) => void, onSuccess?: () => void) {
  const fetcher = useFetcher<AdminAnswer>();
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
    if (answer.status === 'ok') {
      onAlert(null);
      toast(answer.toast);
      onSuccess?.();
    } else {
      onAlert(answer.alert);
      toast({ title: 'Error', description: answer.alert, variant: 'destructive' });
    }
  });
  return fetcher;
}
