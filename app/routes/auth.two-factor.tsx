import { getFormProps } from '../components/forms/lazy-form';
import { redirect, useNavigate } from 'react-router';
import {
  backupCodeFormSchema,
  afterSignInTarget,
  totpCodeFormSchema,
} from '../../core/identity/identity';
import { identityToasts } from '../../core/identity/identity-texts';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, type FormFields, type IntentCall } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import { verifyBackupCodeSignIn, verifyTotpSignIn } from '../../server/modules/identity';
import {
  answerData,
  DocumentAnswer,
  FormField,
  useAnswerForm,
  useDocumentAnswer,
} from '../components/forms/answer-form';
import { AuthShell } from '../components/account/auth-ui';
import { announceAuthChange } from '../components/account/auth-sync';
import { pageMeta } from '../components/layout/simple-page';
import { primaryButtonClass, secondaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/auth.two-factor';
import { followNavigation } from '../components/ui/follow-navigation';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Two-factor authentication', undefined, { noindex: true });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.get(appContext);
  const redirectTo = afterSignInTarget(
    new URL(request.url).searchParams.get('redirectTo'),
    context.get(appContext).config.publicUrl,
  );
  if (viewer) throw redirect(redirectTo);
  return { redirectTo, formConstraints: intentConstraints(twoFactorIntents) };
}

// spec §8: "Sign In Error" with the server's message
const signInProblem = (message: string) =>
  ({ ...identityToasts.signInError, description: message, variant: 'destructive' }) as const;

/** Both ways through the second step answer alike: the page to go on to. */
function secondStep(verify: typeof verifyTotpSignIn, schema: typeof totpCodeFormSchema) {
  return intent({
    schema,
    run: async (fields: FormFields, { app, request, replyHeaders }: IntentCall) => {
      await verify(app.auth, { headers: request.headers, replyHeaders }, fields);
      return { redirectTo: afterSignInTarget(fields.redirectTo, app.config.publicUrl) };
    },
    success: identityToasts.signedIn,
    data: (result) => result,
    invalid: (messages) => signInProblem(messages[0] ?? ''),
    failure: signInProblem,
    failureOnRateLimit: true,
  });
}

/** The second step of a sign-in with TOTP on: a code of the authenticator app, or a backup code. */
const twoFactorIntents = {
  totp: secondStep(verifyTotpSignIn, totpCodeFormSchema),
  backup: secondStep(verifyBackupCodeSignIn, backupCodeFormSchema),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: twoFactorIntents, defaultIntent: 'totp' },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

export default function TwoFactorChallenge({ loaderData }: Route.ComponentProps) {
  const totpAnswer = useDocumentAnswer('totp');
  const backupAnswer = useDocumentAnswer('backup');
  return (
    <AuthShell title="Two-factor authentication">
      <DocumentAnswer answer={totpAnswer ?? backupAnswer} />
      <CodeForm
        intent="totp"
        redirectTo={loaderData.redirectTo}
        lead="Enter the 6-digit code from your authenticator app."
      />
      <details className="mt-6" open={backupAnswer !== undefined}>
        <summary className="cursor-pointer text-sm underline">Use a backup code instead</summary>
        <div className="mt-4">
          <CodeForm intent="backup" redirectTo={loaderData.redirectTo} />
        </div>
      </details>
    </AuthShell>
  );
}

function CodeForm({
  intent: formIntent,
  redirectTo,
  lead,
}: {
  intent: 'totp' | 'backup';
  redirectTo: string;
  lead?: string;
}) {
  const navigate = useNavigate();
  const { fetcher, form, fields } = useAnswerForm({
    schema: () =>
      import('../../core/identity/identity').then((module) =>
        formIntent === 'totp' ? module.totpCodeFormSchema : module.backupCodeFormSchema,
      ),
    intent: formIntent,
    invalidToast: signInProblem,
    onSuccess: (answer) => {
      announceAuthChange();
      followNavigation(navigate(answerData<{ redirectTo: string }>(answer).redirectTo ?? '/auth'));
    },
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      {lead ? <p>{lead}</p> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="intent" value={formIntent} />
      {formIntent === 'totp' ? (
        <FormField
          meta={fields.code}
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      ) : (
        <FormField meta={fields.code} label="Backup code" autoComplete="off" />
      )}
      <button
        type="submit"
        className={formIntent === 'totp' ? primaryButtonClass : secondaryButtonClass}
        disabled={fetcher.state !== 'idle'}
      >
        {formIntent === 'totp' ? 'Verify' : 'Verify backup code'}
      </button>
    </fetcher.Form>
  );
}
