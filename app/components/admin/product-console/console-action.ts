import type { FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { ZodType } from 'zod';
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

/**
 * Checks a console form with its shared schema before it is sent; on the first problem the
 * submit is stopped with spec §5's title "Error" and the schema's message.
 */
export function stopInvalidSubmit(event: FormEvent<HTMLFormElement>, schema: ZodType): void {
  const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget).entries()));
  if (parsed.success) return;
  event.preventDefault();
  toast({
    title: 'Error',
    description: parsed.error.issues[0]?.message ?? 'Please fill in all required fields',
    variant: 'destructive',
  });
}
