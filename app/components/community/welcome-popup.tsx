import * as Dialog from '@radix-ui/react-dialog';
import { X } from '../ui/icons';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_COUNTRY_CODE, PHONE_COUNTRY_CODES } from '../../../core/phone';
import type { WelcomeLeadOutcome } from '../../routes/welcome-lead';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { Honeypot } from './honeypot';
import { PortalWhileOpen } from '../ui/modal';

// spec §9: the welcome pop-up is recorded once in local storage as seen
export const WELCOME_SEEN_KEY = 'welcome-popup-seen';

function seenBefore(): boolean {
  try {
    return window.localStorage.getItem(WELCOME_SEEN_KEY) !== null;
  } catch {
    return true; // storage disabled: do not pester on every page
  }
}

function markSeen() {
  try {
    window.localStorage.setItem(WELCOME_SEEN_KEY, new Date().toISOString());
  } catch {
    // storage disabled: the pop-up may come back, which is better than an error
  }
}

/**
 * The first-visit welcome (spec §2): a modal dialog (focus stays inside, Escape closes) over the
 * page, so nothing shifts. Not rendered for crawlers; once dismissed or sent it stays away.
 */
export function WelcomePopup({ shopName }: { shopName: string }) {
  // Read once, in the browser; the closed dialog renders nothing, so the server HTML matches.
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && !seenBefore());
  const navigate = useNavigate();
  const fetcher = useAnswerFetcher<WelcomeLeadOutcome>({
    onSuccess: (answer) => {
      if (answer.data?.status !== 'otp-sent') return;
      // The code is on its way: the sign-in page takes it.
      markSeen();
      setOpen(false);
      void navigate(`/auth/code?phone=${encodeURIComponent(answer.data.phoneNumber)}`);
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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) markSeen();
        setOpen(next);
      }}
    >
      <PortalWhileOpen open={open}>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-ivory p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-2xl font-semibold">
              Welcome to {shopName}
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1 hover:bg-sand">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {saved ? (
            <p role="status" className="mt-4 text-lg">
              Thank you! We will call you back shortly.
            </p>
          ) : (
            <>
              <Dialog.Description className="mt-2 text-ink-muted">
                Leave your number and our team will call you about custom pieces and offers.
              </Dialog.Description>
              <fetcher.Form
                method="post"
                action="/welcome-lead"
                className="relative mt-5 grid gap-4"
              >
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
                  <div className="grid flex-1 gap-1">
                    <label htmlFor={phoneId} className="text-sm font-medium">
                      Phone number
                    </label>
                    <input
                      id={phoneId}
                      name="phone"
                      type="tel"
                      required
                      autoComplete="tel-national"
                      className="rounded-lg border border-stone bg-white px-3 py-2"
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
            </>
          )}
        </Dialog.Content>
      </PortalWhileOpen>
    </Dialog.Root>
  );
}
