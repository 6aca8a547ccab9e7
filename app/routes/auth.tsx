import { getFormProps } from '../components/forms/lazy-form';
import * as Tabs from '../components/ui/tabs';
import { useCallback, useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import {
  afterSignInTarget,
  landingAfterSignIn,
  linkEmailOf,
  signInFormSchema,
  signUpSchema,
} from '../../core/identity/identity';
import { identityToasts } from '../../core/identity/identity-texts';
import { authQuerySchema, parseRouteQuery } from '../../core/forms/route-query';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import { signIn, signUp } from '../../server/modules/identity';
import {
  answerData,
  DocumentAnswer,
  FormField,
  FormPasswordField,
  useAnswerForm,
  useDocumentAnswer,
} from '../components/forms/answer-form';
import { AuthShell } from '../components/account/auth-ui';
import { announceAuthChange } from '../components/account/auth-sync';
import { signUpProblem } from '../components/account/sign-up-problem';
import { deferred } from '../components/ui/deferred';
import { pageMeta } from '../components/layout/simple-page';
import { primaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/auth';
import { followNavigation } from '../components/ui/follow-navigation';

// docs/decisions/020 and 029: the Sign Up tab's form (with its live password checklist) is not in the
// page's first load; it is fetched on its first use (a focus inside it), and posts natively until
// it is in.
const SignUpForm = deferred(() =>
  import('../components/account/sign-up-form').then((module) => module.SignUpForm),
);
// docs/requirements.md §19: after a sign-up, where the verification link went (it comes with the Sign Up form's code)
const SignUpLinkSent = deferred(() =>
  import('../components/account/sign-up-form').then((module) => module.SignUpLinkSent),
);
// docs/decisions/022: nor are the other ways in, "Sign in with a passkey" among them
// (the WebAuthn code it runs is fetched only when it is pressed); their links work meanwhile, and
// a press of the passkey button waits for the section's code (docs/decisions/029).
const SignInAlternatives = deferred(() =>
  import('../components/account/sign-in-alternatives').then((module) => module.SignInAlternatives),
);

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    'Sign In',
    'Sign in or create an account to keep a wishlist, save addresses and follow your orders.',
    { noindex: true },
  );
}

// spec §2: /auth redirects home (or back) when already signed in; an admin to the back office
// (landingAfterSignIn), which is also how a sign-in without a page to go back to lands.
export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, config } = context.get(appContext);
  const url = new URL(request.url);
  const asked = url.searchParams.get('redirectTo');
  if (viewer) throw redirect(landingAfterSignIn(asked, config.publicUrl, viewer.isAdmin));
  const redirectTo = afterSignInTarget(asked, config.publicUrl);
  return {
    redirectTo,
    // A verification link that could not sign in sends its address (dashboard.tsx).
    email: linkEmailOf(url.searchParams),
    ...parseRouteQuery(authQuerySchema, url.searchParams),
    formConstraints: intentConstraints(authIntents),
  };
}

// spec §8: "Sign In Error" with the server's message (a sign-up's: sign-up-problem.ts).
const signInProblem = (message: string) =>
  ({ ...identityToasts.signInError, description: message, variant: 'destructive' }) as const;

const authIntents = {
  'sign-up': intent({
    schema: signUpSchema,
    run: (fields, { app, request, replyHeaders }) =>
      signUp(app.auth, { headers: request.headers, replyHeaders }, fields),
    // docs/requirements.md §15: the same answer for a new address and one that has an account, and no session.
    success: identityToasts.signedUp,
    data: (result) => result,
    invalid: (messages) => signUpProblem(messages[0] ?? ''),
    failure: (message) => ({
      ...identityToasts.signUpError,
      description: message,
      variant: 'destructive',
    }),
    failureOnRateLimit: true,
  }),
  'sign-in': intent({
    schema: signInFormSchema,
    run: async (fields, { app, request, replyHeaders }) => {
      const redirectTo = afterSignInTarget(fields.redirectTo, app.config.publicUrl);
      const { secondFactorRequired } = await signIn(
        app.auth,
        { headers: request.headers, replyHeaders },
        fields,
      );
      if (secondFactorRequired) {
        // The password was right; the second factor comes next (app/routes/auth.two-factor.tsx).
        throw redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
          headers: replyHeaders,
        });
      }
      return { redirectTo };
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
    { intents: authIntents, defaultIntent: 'sign-in' },
    context.get(appContext),
  );
}

export const headers = authActionHeaders;

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const signedUp = useDocumentAnswer<{ email: string }>('sign-up');
  const signedIn = useDocumentAnswer('sign-in');
  // After a sign-up the Sign In tab opens with the address filled in (a sign-up does not sign in).
  const signedUpDocument = signedUp?.status === 'ok' ? (signedUp.data?.email ?? '') : '';
  const [tab, setTab] = useState<string>(
    signedUpDocument || signedIn ? 'sign-in' : signedUp ? 'sign-up' : loaderData.tab,
  );
  const [signedUpEmail, setSignedUpEmail] = useState(signedUpDocument);
  // A stable prop of the deferred Sign Up form (ui/deferred.tsx).
  const onSignedUp = useCallback((email: string) => {
    setSignedUpEmail(email);
    setTab('sign-in');
  }, []);
  return (
    <AuthShell title="Welcome">
      <DocumentAnswer answer={signedUp ?? signedIn} />
      {signedUpEmail ? <SignUpLinkSent email={signedUpEmail} /> : null}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label="Sign in or sign up"
          className="mb-6 grid grid-cols-2 rounded-full bg-sand p-1"
        >
          {[
            ['sign-in', 'Sign In'],
            ['sign-up', 'Sign Up'],
          ].map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value!}
              className="rounded-full px-4 py-2 font-medium data-[state=active]:bg-white data-[state=active]:shadow"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="sign-in">
          <SignInForm
            key={signedUpEmail}
            redirectTo={loaderData.redirectTo}
            email={signedUpEmail || loaderData.email}
          />
        </Tabs.Content>
        <Tabs.Content value="sign-up">
          <SignUpForm onSignedUp={onSignedUp} />
        </Tabs.Content>
      </Tabs.Root>
    </AuthShell>
  );
}

function SignInForm({ redirectTo, email }: { redirectTo: string; email: string }) {
  const navigate = useNavigate();
  const { fetcher, form, fields } = useAnswerForm({
    schema: () => import('../../core/identity/identity').then((module) => module.signInFormSchema),
    intent: 'sign-in',
    invalidToast: signInProblem,
    onSuccess: (answer) => {
      announceAuthChange();
      followNavigation(navigate(answerData<{ redirectTo: string }>(answer).redirectTo ?? '/auth'));
    },
  });
  return (
    <fetcher.Form
      method="post"
      action="/auth"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={fields.email.initialValue ?? email}
      />
      <FormPasswordField meta={fields.password} label="Password" autoComplete="current-password" />
      <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Signing in…' : 'Sign In'}
      </button>
      <SignInAlternatives redirectTo={redirectTo} />
    </fetcher.Form>
  );
}
