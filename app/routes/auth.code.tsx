import { getFormProps } from '../components/forms/lazy-form';
import { redirect, useNavigate } from 'react-router';
import type { Answer } from '../../core/community/answer';
import {
  codeRequestFormSchema,
  codeSignInFormSchema,
  afterSignInTarget,
} from '../../core/identity/identity';
import { identityToasts } from '../../core/identity/identity-texts';
import { securityToasts } from '../../core/identity/security-texts';
import { authCodeQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, type FormFields, type IntentCall } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import {
  sendSignInCode,
  signInWithCode,
  type CodeDestination,
} from '../../server/modules/identity';
import {
  answerData,
  FormField,
  useAnswerForm,
  useDocumentAnswer,
} from '../components/forms/answer-form';
import { AuthShell } from '../components/account/auth-ui';
import { announceAuthChange } from '../components/account/auth-sync';
import { pageMeta } from '../components/layout/simple-page';
import { primaryButtonClass, secondaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/auth.code';
import { followNavigation } from '../components/ui/follow-navigation';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Sign in with a one-time code', undefined, { noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, sms } = context.get(appContext);
  const redirectTo = afterSignInTarget(
    new URL(request.url).searchParams.get('redirectTo'),
    context.get(appContext).config.publicUrl,
  );
  if (viewer) throw redirect(redirectTo);
  // The welcome pop-up's "Request OTP" sent a code already and lands here to take it.
  const { phone } = parseRouteQuery(authCodeQuerySchema, new URL(request.url).searchParams);
  const pendingPhone = sms.enabled ? phone : null;
  return {
    redirectTo,
    phoneSignIn: sms.enabled,
    pendingPhone,
    formConstraints: intentConstraints(codeIntents),
  };
}

// spec §8: "Sign In Error" with the server's message
const signInProblem = (message: string) =>
  ({ ...identityToasts.signInError, description: message, variant: 'destructive' }) as const;

const destinationLabel = (destination: CodeDestination) =>
  destination.channel === 'email' ? destination.email : destination.phoneNumber;

/** "send" and "resend" alike (spec §7: resend needs the address or number and a type). */
const sendCode = intent({
  schema: codeRequestFormSchema,
  // spec §5: a code needs an e-mail or a phone number; phone only when texts can be sent
  run: (fields: FormFields, { app, request, replyHeaders }: IntentCall) =>
    sendSignInCode(
      app.auth,
      { headers: request.headers, replyHeaders },
      { fields, phoneSignIn: app.sms.enabled },
    ),
  success: (destination) => securityToasts.codeSent(destinationLabel(destination)),
  data: (destination) => destination,
  invalid: (messages) => signInProblem(messages[0] ?? ''),
  failure: signInProblem,
  failureOnRateLimit: true,
});

const codeIntents = {
  send: sendCode,
  resend: sendCode,
  verify: intent({
    schema: codeSignInFormSchema,
    run: async (fields, { app, request, replyHeaders }) => {
      const destination = await signInWithCode(
        app.auth,
        { headers: request.headers, replyHeaders },
        { fields, phoneSignIn: app.sms.enabled },
      );
      return {
        destination,
        redirectTo: afterSignInTarget(fields.redirectTo, app.config.publicUrl),
      };
    },
    success: identityToasts.signedIn,
    data: (result) => result,
    invalid: (messages) => signInProblem(messages[0] ?? ''),
    failure: signInProblem,
    failureOnRateLimit: true,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: codeIntents, defaultIntent: 'send' },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

/** Where the last answer says the code went: a sent code's destination, or the posted one's. */
function destinationOf(answer: Answer | undefined): CodeDestination | null {
  if (!answer) return null;
  const data = answerData<{ channel: string; destination: CodeDestination }>(answer);
  if (answer.status === 'ok' && data.channel) return answer.data as CodeDestination;
  const posted = answer.result?.initialValue as Record<string, unknown> | undefined;
  if (typeof posted?.email === 'string' && posted.email) {
    return { channel: 'email', email: posted.email };
  }
  if (typeof posted?.phoneNumber === 'string' && posted.phoneNumber) {
    return { channel: 'phone', phoneNumber: posted.phoneNumber };
  }
  return null;
}

export default function OneTimeCode({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const request = useAnswerForm({
    schema: () =>
      import('../../core/identity/identity').then((module) => module.codeRequestFormSchema),
    intent: 'send',
  });
  const resend = useAnswerForm({
    schema: () =>
      import('../../core/identity/identity').then((module) => module.codeRequestFormSchema),
    intent: 'resend',
  });
  const verify = useAnswerForm({
    schema: () =>
      import('../../core/identity/identity').then((module) => module.codeSignInFormSchema),
    intent: 'verify',
    onSuccess: (answer) => {
      announceAuthChange();
      followNavigation(navigate(answerData<{ redirectTo: string }>(answer).redirectTo ?? '/auth'));
    },
  });
  const signedIn = useDocumentAnswer('verify');
  const sent = request.answer ?? resend.answer;
  const pending: CodeDestination | null =
    !sent && loaderData.pendingPhone
      ? { channel: 'phone', phoneNumber: loaderData.pendingPhone }
      : null;
  const destination =
    (verify.answer && verify.answer.status !== 'ok' ? destinationOf(verify.answer) : null) ??
    (sent?.status === 'ok' ? destinationOf(sent) : null) ??
    pending;
  const requestError = sent && sent.status !== 'ok' && !destination ? sent.message : null;

  if (signedIn?.status === 'ok') {
    return (
      <AuthShell title="Sign in with a one-time code">
        <p role="status">
          {identityToasts.signedIn.title}{' '}
          <a
            href={answerData<{ redirectTo: string }>(signedIn).redirectTo ?? '/'}
            className="underline"
          >
            Continue
          </a>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Sign in with a one-time code">
      {destination ? (
        <div className="grid gap-4">
          <p>
            Enter the 6-digit code we sent to <strong>{destinationLabel(destination)}</strong>.
          </p>
          <verify.fetcher.Form
            method="post"
            {...getFormProps(verify.form)}
            onSubmit={verify.form.onSubmit}
            className="grid gap-4"
          >
            <DestinationFields destination={destination} redirectTo={loaderData.redirectTo} />
            <input type="hidden" name="intent" value="verify" />
            <FormField
              meta={verify.fields.code}
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              error={verify.fields.code.errors?.[0] ?? verify.answer?.message ?? null}
            />
            <button
              type="submit"
              className={primaryButtonClass}
              disabled={verify.fetcher.state !== 'idle'}
            >
              Verify
            </button>
          </verify.fetcher.Form>
          <resend.fetcher.Form method="post">
            <DestinationFields destination={destination} redirectTo={loaderData.redirectTo} />
            <input type="hidden" name="intent" value="resend" />
            <button
              type="submit"
              className={secondaryButtonClass}
              disabled={resend.fetcher.state !== 'idle'}
            >
              Resend code
            </button>
          </resend.fetcher.Form>
        </div>
      ) : (
        <request.fetcher.Form
          method="post"
          {...getFormProps(request.form)}
          onSubmit={request.form.onSubmit}
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          {requestError ? (
            <p role="alert" className="text-danger">
              {requestError}
            </p>
          ) : null}
          <FormField meta={request.fields.email} label="Email" type="email" autoComplete="email" />
          {loaderData.phoneSignIn ? (
            <FormField
              meta={request.fields.phoneNumber}
              label="Or phone number"
              type="tel"
              autoComplete="tel"
              hint="With the country code, such as +91 98290 00000"
            />
          ) : null}
          <button
            type="submit"
            className={primaryButtonClass}
            disabled={request.fetcher.state !== 'idle'}
          >
            Send code
          </button>
        </request.fetcher.Form>
      )}
    </AuthShell>
  );
}

function DestinationFields({
  destination,
  redirectTo,
}: {
  destination: CodeDestination;
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
