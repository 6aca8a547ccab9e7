/**
 * docs/requirements.md §19: the first-run setup page. The one-time link the server prints at start-up (while
 * no account has the admin role) opens it; the owner gives a name, an e-mail and a password, and
 * is signed in to /admin. Without the link's token, with a wrong or spent one, or once an admin
 * exists, it is the site's 404 page.
 */
import { getFormProps } from '../components/forms/lazy-form';
import { data, redirect, useLocation } from 'react-router';
import { errorToast } from '../../core/community/answer';
import { ownerSetupSchema } from '../../core/identity/owner-setup';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, pageData } from '../../server/http/answer';
import { appContext, type AppContext } from '../../server/http/app-context';
import { authActionHeaders } from '../../server/http/auth-call';
import { rateLimitedReply } from '../../server/http/form-guard';
import { DomainError } from '../../server/modules/errors';
import { requireOwnerSetup, setUpOwner } from '../../server/flows/set-up-owner';
import {
  DocumentAnswer,
  FormField,
  FormPasswordField,
  useAnswerForm,
} from '../components/forms/answer-form';
import { AuthShell } from '../components/account/auth-ui';
import { PasswordRuleChecks } from '../components/account/password-rules';
import { pageMeta } from '../components/layout/simple-page';
import { primaryButtonClass } from '../components/ui/classes';
import type { Route } from './+types/setup';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "Set up the shop's owner account", undefined, { noindex: true });
}

function tokenOf(request: Request): string | null {
  return new URL(request.url).searchParams.get('token');
}

/** The per-address limit, then the token (the authorisation), before anything else is read. */
async function admit(app: AppContext, request: Request) {
  const limited = await rateLimitedReply(app, 'owner-setup');
  if (limited) return limited;
  await pageData(() => requireOwnerSetup(app.db, app.ownerSetup ?? null, tokenOf(request)));
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const limited = await admit(app, request);
  const formConstraints = intentConstraints(setupIntents);
  if (limited) return data({ limited: limited.body.message, formConstraints }, limited.init);
  return { limited: null, formConstraints };
}

const setupIntents = {
  'set-up': intent({
    schema: ownerSetupSchema,
    run: async (fields, { app, request, replyHeaders }) => {
      await setUpOwner(
        app.db,
        app.auth,
        app.ownerSetup ?? null,
        { headers: request.headers, replyHeaders },
        { token: tokenOf(request), fields },
      );
      // docs/requirements.md §19: signed in (Better Auth's session cookie), the owner opens the admin
      throw redirect('/admin', { headers: replyHeaders });
    },
    failure: errorToast,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    {
      intents: setupIntents,
      defaultIntent: 'set-up',
      // docs/requirements.md §19: no field is read before the token is checked
      guard: async (app, request) => {
        const limited = await admit(app, request);
        if (limited) throw new DomainError('rate_limited', limited.body.message);
      },
    },
    context.get(appContext),
  );
}

/** The page is the link's holder's alone: never kept by a cache; a sign-in's cookie passes on. */
export function headers(args: Route.HeadersArgs): Headers {
  const headers = authActionHeaders(args);
  headers.set('Cache-Control', 'no-store');
  const retryAfter = args.loaderHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
}

export default function SetupPage({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const { fetcher, form, fields, answer, documentAnswer } = useAnswerForm({
    schema: () =>
      import('../../core/identity/owner-setup').then((module) => module.ownerSetupSchema),
    intent: 'set-up',
  });
  const refusal = answer && answer.status !== 'ok' && !answer.result?.error ? answer.message : null;
  return (
    <AuthShell title="Set up your shop">
      {loaderData.limited ? (
        <p role="alert" className="text-danger">
          {loaderData.limited}
        </p>
      ) : (
        <>
          <DocumentAnswer answer={documentAnswer} />
          <fetcher.Form
            method="post"
            action={`${pathname}${search}`}
            {...getFormProps(form)}
            onSubmit={form.onSubmit}
            className="grid gap-4"
          >
            <p>
              Create the shop owner&apos;s account. It can manage quotations, orders, products and
              settings.
            </p>
            <input type="hidden" name="intent" value="set-up" />
            {refusal ? (
              <p role="alert" className="text-danger">
                {refusal}
              </p>
            ) : null}
            <FormField meta={fields.name} label="Full Name" autoComplete="name" />
            <FormField meta={fields.email} label="Email" type="email" autoComplete="email" />
            <FormPasswordField
              meta={fields.password}
              label="Password"
              autoComplete="new-password"
            />
            {/* spec §2 Auth: the rules are checked live as the password is typed */}
            <PasswordRuleChecks password={fields.password.value ?? ''} />
            <FormPasswordField
              meta={fields.confirmPassword}
              label="Confirm Password"
              autoComplete="new-password"
            />
            <button
              type="submit"
              className={primaryButtonClass}
              disabled={fetcher.state !== 'idle'}
            >
              {fetcher.state !== 'idle' ? 'Creating account…' : 'Create Owner Account'}
            </button>
          </fetcher.Form>
        </>
      )}
    </AuthShell>
  );
}
