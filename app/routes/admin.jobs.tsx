import { useActionData } from 'react-router';
import { answerAction, intent } from '../../server/http/answer';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { retryFailedWork } from '../../server/flows/retry-failed-work';
import { listFailedWork, sendHeldMailNow } from '../../server/modules/jobs/failed-work';
import { requireAdmin } from '../../server/modules/kernel';
import { FailedWorkList } from '../components/admin/failed-work-list';
import { DocumentAnswer } from '../components/community/document-answer';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin.jobs';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Failed Work', undefined, { noindex: true });
}

// spec §6: the admin only (the shell's middleware decides, docs/decisions/019); nobody else gets data
export const loader = adminPageLoader(loadFailedWork);

async function loadFailedWork({ context }: Route.LoaderArgs) {
  const { db, actor } = context.get(appContext);
  return { work: await listFailedWork(db, actor) };
}

// docs/requirements.md §12 "Failed work": Retry, one module function
const jobIntents = {
  'retry-work': intent({
    run: (fields, { app }) =>
      retryFailedWork(app.db, app.actor, { kind: fields.kind, id: fields.id }, app.clock()),
    success: (retried) => ({
      title: 'Queued Again',
      description: `${retried.description} will be tried again now.`,
    }),
  }),
  // docs/requirements.md §13: the owner releases a mail its limit held
  'send-held-now': intent({
    run: (fields, { app }) => sendHeldMailNow(app.db, app.actor, { id: fields.id }, app.clock()),
    success: (released) => ({
      title: 'Sending Now',
      description: `${released.description} is on its way.`,
    }),
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body is read; the module checks again.
  return answerAction(
    { request, params, context },
    { guard: (app) => requireAdmin(app.actor), intents: jobIntents },
    context.get(appContext),
  );
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  // Without JavaScript a form posts as a document and its answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
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
