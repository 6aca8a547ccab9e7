import { ArrowLeft } from '../components/ui/icons';
import { useActionData } from 'react-router';
import { Link } from 'react-router';
import { apiKeyFormSchema, webhookEndpointFormSchema } from '../../core/api/api-access';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent, type IntentCall } from '../../server/http/answer';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { createApiKey, listApiKeys, revokeApiKey } from '../../server/modules/api-keys';
import { requireAdmin } from '../../server/modules/kernel';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
} from '../../server/modules/webhooks';
import { ApiKeysPanel } from '../components/admin/api-keys-panel';
import { ApiWebhooksPanel } from '../components/admin/api-webhooks-panel';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin.api';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'API & Webhooks', undefined, { noindex: true });
}

// spec §6: the admin only (the shell's middleware decides, docs/decisions/019); nobody else gets data
export const loader = adminPageLoader(loadApiAccess);

async function loadApiAccess({ context }: Route.LoaderArgs) {
  const { db, actor } = context.get(appContext);
  const [keys, endpoints] = await Promise.all([
    listApiKeys(db, actor),
    listWebhookEndpoints(db, actor),
  ]);
  const logs = await Promise.all(
    endpoints.map((endpoint) => listWebhookDeliveries(db, actor, { endpointId: endpoint.id })),
  );
  return {
    keys,
    endpoints: endpoints.map((endpoint, index) => ({ ...endpoint, deliveries: logs[index] ?? [] })),
    formConstraints: intentConstraints(apiIntents),
  };
}

/**
 * A checkbox group's ticked values. The pipeline hands an intent one value per field (the form's
 * echo is capped so); the module checks the whole list with the same schema.
 */
function ticked(call: IntentCall, name: string): string[] {
  return call.formData.getAll(name).filter((value): value is string => typeof value === 'string');
}

// docs/requirements.md §11: the owner's API keys and webhook endpoints, each action one module function.
const apiIntents = {
  'create-api-key': intent({
    schema: apiKeyFormSchema,
    run: (fields, call) =>
      createApiKey(call.app.db, call.app.actor, {
        name: fields.name,
        scopes: ticked(call, 'scopes'),
      }),
    success: (created) => ({
      title: 'API Key Created',
      description: `Copy the key "${created.name}" now: it will not be shown again.`,
    }),
    data: (created) => ({ key: created.key, name: created.name }),
  }),
  'revoke-api-key': intent({
    run: (fields, { app }) => revokeApiKey(app.db, app.actor, { keyId: fields.keyId }, app.clock()),
    success: (revoked) => ({
      title: 'API Key Revoked',
      description: `The key "${revoked.name}" no longer works.`,
    }),
  }),
  'create-webhook': intent({
    schema: webhookEndpointFormSchema,
    run: (fields, call) =>
      createWebhookEndpoint(
        call.app.db,
        call.app.actor,
        { url: fields.url, description: fields.description, events: ticked(call, 'events') },
        {
          allowPrivate: call.app.config.webhooksAllowPrivate,
          requireHttps: call.app.config.isProduction,
        },
      ),
    success: (created) => ({
      title: 'Endpoint Added',
      description: `Events will be sent to ${created.url}. Copy its signing secret now.`,
    }),
    data: (created) => ({ secret: created.secret, url: created.url }),
  }),
  'disable-webhook': intent({
    run: (fields, { app }) =>
      setWebhookEndpointEnabled(
        app.db,
        app.actor,
        { endpointId: fields.endpointId, enabled: false },
        app.clock(),
      ),
    success: (endpoint) => ({
      title: 'Endpoint Disabled',
      description: `${endpoint.url} gets no events until you enable it.`,
    }),
  }),
  'enable-webhook': intent({
    run: (fields, { app }) =>
      setWebhookEndpointEnabled(
        app.db,
        app.actor,
        { endpointId: fields.endpointId, enabled: true },
        app.clock(),
      ),
    success: (endpoint) => ({
      title: 'Endpoint Enabled',
      description: `${endpoint.url} gets its events again.`,
    }),
  }),
  'delete-webhook': intent({
    run: (fields, { app }) =>
      deleteWebhookEndpoint(app.db, app.actor, { endpointId: fields.endpointId }),
    success: (deleted) => ({
      title: 'Endpoint Deleted',
      description: `${deleted.url} and its delivery log are deleted.`,
    }),
  }),
  'resend-delivery': intent({
    run: (fields, { app }) =>
      resendWebhookDelivery(app.db, app.actor, { deliveryId: fields.deliveryId }, app.clock()),
    success: (resent) => ({
      title: 'Delivery Queued',
      description: `The ${resent.eventType} event will be sent to ${resent.url} again.`,
    }),
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body is read; every module function
  // checks again.
  return answerAction(
    { request, params, context },
    { guard: (app) => requireAdmin(app.actor), intents: apiIntents },
    context.get(appContext),
  );
}

export default function AdminApi({ loaderData }: Route.ComponentProps) {
  return <ApiPage data={loaderData} />;
}

type ApiPageData = Route.ComponentProps['loaderData'];

function ApiPage({ data }: { data: ApiPageData }) {
  // Without JavaScript a form posts as a document and its answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-12 px-4 py-12">
      <div>
        <Link to="/admin" className="inline-flex items-center gap-2 py-0.5 text-sm underline">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Admin Dashboard
        </Link>
        <h1 className="mt-4 font-display text-4xl font-semibold">API &amp; Webhooks</h1>
        {documentAnswer && documentAnswer.status !== 'ok' && documentAnswer.message ? (
          <p role="alert" className="mt-6 rounded-xl bg-danger/10 p-4 text-danger">
            {documentAnswer.message}
          </p>
        ) : null}
        {documentAnswer?.status === 'ok' && documentAnswer.toast ? (
          <p role="status" className="mt-6 rounded-xl bg-sand p-4 font-medium">
            {`${documentAnswer.toast.title} ${documentAnswer.toast.description ?? ''}`.trim()}
          </p>
        ) : null}
      </div>
      <ApiKeysPanel keys={data.keys} />
      <ApiWebhooksPanel endpoints={data.endpoints} />
    </section>
  );
}
