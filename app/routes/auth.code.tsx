import { data, redirect, useActionData, useFetcher } from 'react-router';
import {
  identityToasts,
  oneTimeCodeRequestSchema,
  oneTimeCodeSchema,
  safeRedirectTarget,
} from '../../core/identity';
import { authCodeQuerySchema, parseRouteQuery } from '../../core/route-query';
import { appContext, type AppContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { phoneApi } from '../../server/auth';
import { authActionHeaders, callAuth } from '../../server/http/auth-call';
import { AuthShell, useAuthAnswer } from '../components/account/auth-ui';
import { pageMeta } from '../components/layout/simple-page';
import { Field, primaryButtonClass, secondaryButtonClass } from '../components/ui/field';
import { toast } from '../components/ui/toast-store';
import { useOnAnswer } from '../components/ui/use-answer';
import type { Route } from './+types/auth.code';

type Destination = { channel: 'email'; email: string } | { channel: 'phone'; phoneNumber: string };

type Answer =
  | { status: 'signed-in'; redirectTo: string }
  | { status: 'sent'; destination: Destination }
  | { status: 'error'; stage: 'request' | 'verify'; message: string; destination?: Destination };

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Sign in with a one-time code', undefined, { noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, sms } = context.get(appContext);
  const redirectTo = safeRedirectTarget(
    new URL(request.url).searchParams.get('redirectTo'),
    context.get(appContext).config.publicUrl,
  );
  if (viewer) throw redirect(redirectTo);
  // The welcome pop-up's "Request OTP" sent a code already and lands here to take it.
  const { phone } = parseRouteQuery(authCodeQuerySchema, new URL(request.url).searchParams);
  const pendingPhone = sms.enabled ? phone : null;
  return { redirectTo, phoneSignIn: sms.enabled, pendingPhone };
}

function sendCode(app: AppContext, request: Request, destination: Destination) {
  if (destination.channel === 'email') {
    return callAuth(app, () =>
      app.auth.api.sendVerificationOTP({
        body: { email: destination.email, type: 'sign-in' },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
  }
  const phone = phoneApi(app.auth);
  return callAuth(app, () =>
    phone.sendPhoneNumberOTP({
      body: { phoneNumber: destination.phoneNumber },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = Object.fromEntries(await readFormData(request));
  const redirectTo = safeRedirectTarget(String(form.redirectTo ?? ''), app.config.publicUrl);
  // spec §5: a code needs an e-mail or a phone number; phone only when texts can be sent
  const requested = oneTimeCodeRequestSchema.safeParse({
    email: form.email,
    phoneNumber: app.sms.enabled ? form.phoneNumber : undefined,
  });
  if (!requested.success) {
    return data<Answer>(
      { status: 'error', stage: 'request', message: requested.error.issues[0]?.message ?? '' },
      { status: 400 },
    );
  }
  const destination = requested.data;

  if (form.intent === 'verify') {
    const code = oneTimeCodeSchema.safeParse(form.code);
    if (!code.success) {
      return data<Answer>(
        {
          status: 'error',
          stage: 'verify',
          message: code.error.issues[0]?.message ?? '',
          destination,
        },
        { status: 400 },
      );
    }
    const result =
      destination.channel === 'email'
        ? await callAuth(app, () =>
            app.auth.api.signInEmailOTP({
              body: { email: destination.email, otp: code.data },
              headers: request.headers,
              returnHeaders: true,
            }),
          )
        : await callAuth(app, () =>
            phoneApi(app.auth).verifyPhoneNumber({
              body: { phoneNumber: destination.phoneNumber, code: code.data },
              headers: request.headers,
              returnHeaders: true,
            }),
          );
    if (!result.ok) {
      return data<Answer>(
        { status: 'error', stage: 'verify', message: result.message, destination },
        { status: result.status, headers: result.headers },
      );
    }
    return data<Answer>({ status: 'signed-in', redirectTo }, { headers: result.headers });
  }

  // "send" and "resend" alike (spec §7: resend needs the address or number and a type)
  const result = await sendCode(app, request, destination);
  if (!result.ok) {
    return data<Answer>(
      { status: 'error', stage: 'request', message: result.message, destination },
      { status: result.status, headers: result.headers },
    );
  }
  return data<Answer>({ status: 'sent', destination });
}

export const headers = authActionHeaders;

export default function OneTimeCode({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const documentAnswer = useActionData<typeof action>();
  const answer = fetcher.data ?? documentAnswer;
  const settled = fetcher.state === 'idle' ? fetcher.data : undefined;
  useAuthAnswer(settled?.status === 'signed-in' ? settled : undefined);
  useOnAnswer(settled, (outcome) => {
    if (outcome.status === 'sent') {
      toast({
        title: 'Code sent',
        description:
          outcome.destination.channel === 'email'
            ? `We sent a 6-digit code to ${outcome.destination.email}.`
            : `We sent a 6-digit code to ${outcome.destination.phoneNumber}.`,
      });
    } else if (outcome.status === 'error') {
      toast({
        ...identityToasts.signInError,
        description: outcome.message,
        variant: 'destructive',
      });
    }
  });
  const pending: Destination | null =
    !answer && loaderData.pendingPhone
      ? { channel: 'phone', phoneNumber: loaderData.pendingPhone }
      : null;
  const destination =
    answer && 'destination' in answer && answer.destination ? answer.destination : pending;
  const verifying =
    destination &&
    (pending !== null ||
      answer?.status === 'sent' ||
      (answer?.status === 'error' && answer.stage === 'verify'));
  const error = answer?.status === 'error' ? answer.message : null;

  return (
    <AuthShell title="Sign in with a one-time code">
      {answer?.status === 'signed-in' ? (
        <p role="status">
          {identityToasts.signedIn.title}{' '}
          <a href={answer.redirectTo} className="underline">
            Continue
          </a>
        </p>
      ) : verifying && destination ? (
        <div className="grid gap-4">
          <p>
            Enter the 6-digit code we sent to{' '}
            <strong>
              {destination.channel === 'email' ? destination.email : destination.phoneNumber}
            </strong>
            .
          </p>
          <fetcher.Form method="post" className="grid gap-4">
            <DestinationFields destination={destination} redirectTo={loaderData.redirectTo} />
            <input type="hidden" name="intent" value="verify" />
            <Field
              label="Code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              error={answer?.status === 'error' ? error : null}
            />
            <button
              type="submit"
              className={primaryButtonClass}
              disabled={fetcher.state !== 'idle'}
            >
              Verify
            </button>
          </fetcher.Form>
          <fetcher.Form method="post">
            <DestinationFields destination={destination} redirectTo={loaderData.redirectTo} />
            <input type="hidden" name="intent" value="resend" />
            <button
              type="submit"
              className={secondaryButtonClass}
              disabled={fetcher.state !== 'idle'}
            >
              Resend code
            </button>
          </fetcher.Form>
        </div>
      ) : (
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {error ? (
            <p role="alert" className="text-danger">
              {error}
            </p>
          ) : null}
          <Field label="Email" name="email" type="email" autoComplete="email" />
          {loaderData.phoneSignIn ? (
            <Field
              label="Or phone number"
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              hint="With the country code, such as +91 98290 00000"
            />
          ) : null}
          <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
            Send code
          </button>
        </fetcher.Form>
      )}
    </AuthShell>
  );
}

function DestinationFields({
  destination,
  redirectTo,
}: {
  destination: Destination;
  redirectTo: string;
}) {
  return (
    <>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {destination.channel === 'email' ? (
        <input type="hidden" name="email" value={destination.email} />
      ) : (
        <input type="hidden" name="phoneNumber" value={destination.phoneNumber} />
      )}
    </>
  );
}
