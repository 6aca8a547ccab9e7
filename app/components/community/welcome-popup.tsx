import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_COUNTRY_CODE, PHONE_COUNTRY_CODES } from '../../../core/identity/phone';
import type { WelcomeLeadOutcome } from '../../routes/welcome-lead';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { Honeypot } from './honeypot';
import { ModalDialog } from '../ui/modal';
import { markSeen } from './welcome-seen';
import { followNavigation } from '../ui/follow-navigation';

export { WELCOME_SEEN_KEY } from './welcome-seen';

/**
 * The first-visit welcome (spec §2): a modal dialog (focus stays inside, Escape closes) over the
 * page, so nothing shifts. Loaded by WelcomeGate after hydration, only on a first visit and never
 * for crawlers; once dismissed or sent it stays away.
 */
export function WelcomePopup({ shopName }: { shopName: string }) {
  // WelcomeGate has read the flag: mounted means due.
  const [open, setOpen] = useState(true);
  const navigate = useNavigate();
  const fetcher = useAnswerFetcher<WelcomeLeadOutcome>({
    onSuccess: (answer) => {
      if (answer.data?.status !== 'otp-sent') return;
      // The code is on its way: the sign-in page takes it.
      markSeen();
      setOpen(false);
      followNavigation(navigate(`/auth/code?phone=${encodeURIComponent(answer.data.phoneNumber)}`));
    },
  });
  const phoneId = useId();
  const codeId = useId();
  const consentId = useId();
  const answer = fetcher.data;
  const saved = answer?.status === 'ok' && answer.data?.status !== 'otp-sent';
  // Said in the dialog too: while it is open, the toasts are hidden from assistive technology.
  const problem = answer && answer.status !== 'ok' ? answer.message : null;

  useEffect(() => {
    if (saved) markSeen();
  }, [saved]);

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) markSeen();
        setOpen(next);
      }}
      title={`Welcome to ${shopName}`}
      description={
        saved
          ? undefined
          : 'Leave your number and our team will call you about custom pieces and offers.'
      }
      descriptionClassName="mt-2 text-ink-muted"
      className="w-[min(28rem,calc(100vw-2rem))]"
    >
      {saved ? (
        <p role="status" className="mt-4 text-lg">
          Thank you! We will call you back shortly.
        </p>
      ) : (
        <fetcher.Form method="post" action="/welcome-lead" className="relative mt-5 grid gap-4">
          <Honeypot />
          <div className="flex gap-2">
            <div className="grid gap-1">
              <label htmlFor={codeId} className="text-sm font-medium">
                Country code
              </label>
              <select
                id={codeId}
                name="countryCode"
                defaultValue={DEFAULT_COUNTRY_CODE}
                className="rounded-lg border border-stone bg-white px-2 py-2"
              >
                {PHONE_COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </div>
            {/* min-w-0: a phone input's default width would push the row past a 390 px dialog. */}
            <div className="grid min-w-0 flex-1 gap-1">
              <label htmlFor={phoneId} className="text-sm font-medium">
                Phone number
              </label>
              <input
                id={phoneId}
                name="phone"
                type="tel"
                required
                autoComplete="tel-national"
                className="w-full min-w-0 rounded-lg border border-stone bg-white px-3 py-2"
              />
            </div>
          </div>
          <div className="flex items-start gap-2 text-sm">
            <input id={consentId} name="consent" type="checkbox" required className="mt-1" />
            <label htmlFor={consentId}>
              I accept that I have read &amp; understood{' '}
              <Link to="/privacy" className="underline">
                Privacy Policy
              </Link>{' '}
              and{' '}
              <Link to="/terms" className="underline">
                T&amp;Cs
              </Link>
              .
            </label>
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-danger">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={fetcher.state !== 'idle'}
            className="rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800 disabled:opacity-60"
          >
            Request OTP
          </button>
        </fetcher.Form>
      )}
    </ModalDialog>
  );
}
