import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { data, Link, redirect, useActionData, useFetcher } from 'react-router';
import {
  identityToasts,
  safeRedirectTarget,
  signInSchema,
  signUpSchema,
} from '../../core/identity';
import { authQuerySchema, parseRouteQuery } from '../../core/route-query';
import { appContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { authActionHeaders, callAuth } from '../../server/http/auth-call';
import {
  AuthShell,
  DocumentAnswer,
  signUpProblem,
  useAuthAnswer,
  type AuthAnswer,
} from '../components/account/auth-ui';
import { PasswordRuleChecks } from '../components/account/password-rules';
import { pageMeta } from '../components/layout/simple-page';
import { Field, PasswordField, primaryButtonClass } from '../components/ui/field';
import { toast, type ToastInput } from '../components/ui/toast-store';
import type { Route } from './+types/auth';

export function meta(args: Route.MetaArgs) {
  return pageMeta(
    args,
    'Sign In',
    'Sign in or create an account to keep a wishlist, save addresses and follow your orders.',
    { noindex: true },
  );
}

// spec §2: /auth redirects home (or back) when already signed in
export function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context.get(appContext);
  const url = new URL(request.url);
  const redirectTo = safeRedirectTarget(
    url.searchParams.get('redirectTo'),
    context.get(appContext).config.publicUrl,
  );
  if (viewer) throw redirect(redirectTo);
  return { redirectTo, ...parseRouteQuery(authQuerySchema, url.searchParams) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = Object.fromEntries(await readFormData(request));
  const redirectTo = safeRedirectTarget(String(form.redirectTo ?? ''), app.config.publicUrl);
  const fail = (answer: ToastInput, status: number, headers?: Headers) =>
    data<AuthAnswer>({ status: 'error', toast: answer }, { status, headers });

  if (form.intent === 'sign-up') {
    const parsed = signUpSchema.safeParse(form);
    if (!parsed.success) return fail(signUpProblem(parsed.error.issues), 400);
    const { email, password, name } = parsed.data;
    const result = await callAuth(app, () =>
      app.auth.api.signUpEmail({
        body: { email, password, name: name || email.split('@')[0] || email },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    if (!result.ok) {
      return fail(
        { ...identityToasts.signUpError, description: result.message, variant: 'destructive' },
        result.status,
        result.headers,
      );
    }
    // issue 14: the same answer for a new address and one that has an account (Better Auth mails
    // a verification link to the one, a notice to the owner of the other), and no session.
    return data<AuthAnswer>({ status: 'signed-up', email }, { headers: result.headers });
  }

  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) {
    return fail(
      {
        ...identityToasts.signInError,
        description: parsed.error.issues[0]?.message,
        variant: 'destructive',
      },
      400,
    );
  }
  const result = await callAuth(app, () =>
    app.auth.api.signInEmail({
      body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  if (!result.ok) {
    return fail(
      { ...identityToasts.signInError, description: result.message, variant: 'destructive' },
      result.status,
      result.headers,
    );
  }
  if ('twoFactorRedirect' in result.value && result.value.twoFactorRedirect) {
    // The password was right; the second factor comes next (app/routes/auth.two-factor.tsx).
    throw redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: result.headers,
    });
  }
  return data<AuthAnswer>({ status: 'signed-in', redirectTo }, { headers: result.headers });
}

export const headers = authActionHeaders;

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const documentAnswer = useActionData<typeof action>();
  // After a sign-up the Sign In tab opens with the address filled in (a sign-up does not sign in).
  const signedUpDocument = documentAnswer?.status === 'signed-up' ? documentAnswer.email : '';
  const [tab, setTab] = useState<string>(signedUpDocument ? 'sign-in' : loaderData.tab);
  const [signedUpEmail, setSignedUpEmail] = useState(signedUpDocument);
  return (
    <AuthShell title="Welcome">
      <DocumentAnswer answer={documentAnswer} />
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
            email={signedUpEmail}
          />
        </Tabs.Content>
        <Tabs.Content value="sign-up">
          <SignUpForm
            redirectTo={loaderData.redirectTo}
            onSignedUp={(email) => {
              setSignedUpEmail(email);
              setTab('sign-in');
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
    </AuthShell>
  );
}

function SignInForm({ redirectTo, email }: { redirectTo: string; email: string }) {
  const fetcher = useFetcher<typeof action>();
  useAuthAnswer(fetcher.state === 'idle' ? fetcher.data : undefined);
  return (
    <fetcher.Form method="post" action="/auth" className="grid gap-4">
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={email}
        required
      />
      <PasswordField label="Password" name="password" autoComplete="current-password" required />
      <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Signing in…' : 'Sign In'}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/auth/forgot-password" className="underline">
          Forgot your password?
        </Link>
        <Link to={`/auth/code?redirectTo=${encodeURIComponent(redirectTo)}`} className="underline">
          Sign in with a one-time code
        </Link>
      </div>
    </fetcher.Form>
  );
}

function SignUpForm({
  redirectTo,
  onSignedUp,
}: {
  redirectTo: string;
  onSignedUp: (email: string) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const [password, setPassword] = useState('');
  useAuthAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (email) => {
    setPassword('');
    onSignedUp(email);
  });
  return (
    <fetcher.Form
      method="post"
      action="/auth"
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        // spec §5: the same schema as the server, checked before anything is sent
        const parsed = signUpSchema.safeParse(
          Object.fromEntries(new FormData(event.currentTarget)),
        );
        if (!parsed.success) {
          event.preventDefault();
          toast(signUpProblem(parsed.error.issues));
        }
      }}
    >
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label="Full Name (optional)" name="name" autoComplete="name" maxLength={100} />
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <PasswordRuleChecks password={password} />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
      />
      <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
        {fetcher.state !== 'idle' ? 'Creating account…' : 'Sign Up'}
      </button>
    </fetcher.Form>
  );
}
