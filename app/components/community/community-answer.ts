import { useFetcher } from 'react-router';
import { communityToasts } from '../../../core/community';
import { toast, type ToastInput } from '../ui/toast-store';
import { tooManyRequestsToast, useOnAnswer } from '../ui/use-answer';

export const communityIntents = ['review', 'helpful', 'question', 'answer'] as const;
export type CommunityIntent = (typeof communityIntents)[number];

export function isCommunityIntent(value: string): value is CommunityIntent {
  return (communityIntents as readonly string[]).includes(value);
}

/** What the product page's action answers (app/routes/product.tsx). */
export type CommunityAnswer =
  | { status: 'ok'; intent: CommunityIntent }
  | { status: 'sign-in-required'; intent: CommunityIntent }
  | { status: 'rate-limited'; intent: CommunityIntent; message: string }
  | { status: 'error'; intent: CommunityIntent; message: string };

// spec §6: the sign-in-required toast of each community action
export const signInToasts: Record<CommunityIntent, ToastInput> = {
  review: communityToasts.reviewSignIn,
  helpful: communityToasts.helpfulSignIn,
  question: communityToasts.questionSignIn,
  answer: communityToasts.answerSignIn,
};

/**
 * A community form's fetcher with spec §8's toasts: `success` (if any) when stored, "Error" with
 * the server's message when not. `onSuccess` closes and resets a dialog.
 */
export function useCommunityAction(success: ToastInput | null, onSuccess?: () => void) {
  const fetcher = useFetcher<CommunityAnswer>();
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (answer) => {
    if (answer.status === 'ok') {
      if (success) toast(success);
      onSuccess?.();
    } else if (answer.status === 'sign-in-required') {
      toast(signInToasts[answer.intent]);
    } else if (answer.status === 'rate-limited') {
      toast(tooManyRequestsToast(answer.message));
    } else {
      toast({ title: 'Error', description: answer.message, variant: 'destructive' });
    }
  });
  return fetcher;
}
