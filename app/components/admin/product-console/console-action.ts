import { useFetcher } from 'react-router';
import { toast } from '../../ui/toast-store';
import { useOnAnswer } from '../../ui/use-answer';

/** What the product console's action answers (spec §8: "Success" or "Error" with the message). */
export type ConsoleAnswer =
  | { status: 'ok'; intent: string; message: string; productId?: string | null }
  | { status: 'error'; intent: string; message: string };

/** A console form's fetcher: spec §8's "Success" toast, or "Error" with the server's message. */
export function useConsoleAction(
  onSuccess?: (answer: Extract<ConsoleAnswer, { status: 'ok' }>) => void,
) {
  const fetcher = useFetcher<ConsoleAnswer>();
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
    if (answer.status === 'ok') {
      toast({ title: 'Success', description: answer.message });
      onSuccess?.(answer);
    } else {
      toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    }
  });
  return fetcher;
}
