/**
 * docs/requirements.md §15: an account owns its e-mail address only once it is verified. The dashboard says so
 * to an unverified user, with a button that mails a new link, and says what became of a link
 * that was opened.
 */
import { useId } from 'react';
import {
  emailVerificationTexts,
  RESEND_VERIFICATION_LABEL,
} from '../../../core/identity/security-texts';
import { secondaryButtonClass } from '../ui/classes';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { DocumentAnswer, useDocumentAnswer } from '../forms/answer-form';

/** What the link of a verification mail did; Better Auth brings it back with `?error=` if not. */
export type EmailLinkOutcome = 'verified' | 'failed' | null;

export function VerifyEmailBanner({ email }: { email: string }) {
  // The toast is the server's answer: the link is sent (spec §8), or why not.
  const fetcher = useAnswerFetcher();
  const documentAnswer = useDocumentAnswer('resend-verification');
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-brass-800/30 bg-sand p-4"
    >
      <div className="max-w-2xl">
        <h2 id={titleId} className="font-semibold">
          {emailVerificationTexts.bannerTitle}
        </h2>
        <p className="text-ink-muted">{emailVerificationTexts.bannerText(email)}</p>
      </div>
      <DocumentAnswer answer={documentAnswer} />
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="resend-verification" />
        <button type="submit" className={secondaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Sending…' : RESEND_VERIFICATION_LABEL}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** The outcome of an opened link, shown in the page so that it works before hydration too. */
export function EmailLinkNotice({
  outcome,
  signedIn,
}: {
  outcome: EmailLinkOutcome;
  signedIn: boolean;
}) {
  if (!outcome) return null;
  if (outcome === 'failed') {
    return (
      <p role="alert" className="mt-6 rounded-xl bg-sand p-3">
        {signedIn ? emailVerificationTexts.linkFailedSignedIn : emailVerificationTexts.linkFailed}
      </p>
    );
  }
  return (
    <p role="status" className="mt-6 rounded-xl bg-sand p-3">
      {signedIn ? emailVerificationTexts.verified : emailVerificationTexts.verifiedSignIn}
    </p>
  );
}
