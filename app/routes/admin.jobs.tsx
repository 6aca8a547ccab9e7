import { useActionData } from 'react-router';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { retryFailedWork } from '../../server/flows/retry-failed-work';
import { listFailedWork, sendHeldMailNow } from '../../server/modules/jobs/failed-work';
import { requireAdmin } from '../../server/modules/kernel';
import { AdminAccessNotice } from '../components/admin/admin-access-notice';
import { FailedWorkList } from '../components/admin/failed-work-list';
import { DocumentAnswer } from '../components/community/document-answer';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin.jobs';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Failed Work', undefined, { noindex: true });
}

// spec §6: the admin role, checked on the server; nobody else gets data (as /admin)
export async function loader({ context }: Route.LoaderArgs) {
  const { db, actor, viewer } = context.get(appContext);
  if (!viewer) return { access: 'signed-out' as const, path: '/admin/jobs' };
  if (!viewer.isAdmin) return { access: 'denied' as const, userId: viewer.id };
  return { access: 'admin' as const, work: await listFailedWork(db, actor) };
}

// issue 18 "Failed work": Retry, one module function
const jobIntents = {
  'retry-work': intent({
    run: (fields, { app }) =>
      retryFailedWork(app.db, app.actor, { kind: fields.kind, id: fields.id }, app.clock()),
    success: (retried) => ({
      title: 'Queued Again',
      description: `${retried.description} will be tried again now.`,
    }),
  }),
  // issue 25 §1: the owner releases a mail its limit held
  'send-held-now': intent({
    run: (fields, { app }) => sendHeldMailNow(app.db, app.actor, { id: fields.id }, app.clock()),
    success: (released) => ({
      title: 'Sending Now',
      description: `${released.description} is on its way.`,
    }),
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // issue 14 finding 1: who asks is checked before the body is read; the module checks again.
  return answerAction(
    { request, params, context },
    { guard: (app) => requireAdmin(app.actor), intents: jobIntents },
    context.get(appContext),
  );
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  // Without JavaScript a form posts as a document and its answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
  if (loaderData.access !== 'admin') return <AdminAccessNotice access={loaderData} />;
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-12">
      <div>
        <h1 className="font-display text-4xl font-semibold">Failed Work</h1>
        <p className="mt-2 text-ink-muted">
          Mails and webhooks the shop could not deliver yet. The queue retries them by itself; Retry
          tries one again now. A mail held by its recipient’s hourly limit waits for Send Now.
        </p>
        <DocumentAnswer answer={documentAnswer} className="mt-6" />
      </div>
      <FailedWorkList work={loaderData.work} />
    </section>
  );
}
