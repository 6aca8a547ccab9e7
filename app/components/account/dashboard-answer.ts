import { useFetcher } from 'react-router';
import { toast, type ToastInput } from '../ui/toast-store';
import { useOnAnswer } from '../ui/use-answer';

export type DashboardAnswer =
  | { status: 'ok'; intent: string; created?: number }
  | { status: 'error'; intent: string; message: string };

/**
 * A dashboard form's fetcher: its success toast, or spec §8's destructive "Error" toast with the
 * server's message. `onSuccess` runs after the toast (closing a dialog, say).
 */
export function useDashboardAction(success: ToastInput, onSuccess?: () => void) {
  const fetcher = useFetcher<DashboardAnswer>();
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
    if (answer.status === 'ok') {
      toast(success);
      onSuccess?.();
    } else {
      toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    }
  });
  return fetcher;
}
