/**
 * docs/requirements.md §11 "Webhooks": the owner's endpoints (URL, events, a secret shown once), each with its
 * recent deliveries, every attempt's time, status and answer, and "Resend".
 */
import { getFormProps } from '../forms/lazy-form';
import { useState } from 'react';
import { errorToast } from '../../../core/community/answer';
import { countOf } from '../../../core/forms/plurals';
import { webhookEventTypes } from '../../../core/api/webhook-events';
import type { WebhookDeliveryView, WebhookEndpointSummary } from '../../../server/modules/webhooks';
import { answerData, FormField, useAnswerForm } from '../forms/answer-form';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { ConfirmDialog, dangerButtonClass } from './product-console/confirm-dialog';
import { ApiSecretBox } from './api-secret-box';
import { formatShopTime, useShopTimeZone } from '../layout/shop-time';
import { CheckboxGroup } from './checkbox-group';

export type EndpointWithDeliveries = WebhookEndpointSummary & {
  deliveries: WebhookDeliveryView[];
};

export function ApiWebhooksPanel({ endpoints }: { endpoints: EndpointWithDeliveries[] }) {
  // Held by the panel: a deleted endpoint is gone when the answer arrives, and its toast must
  // outlive it.
  const remove = useAnswerFetcher({ key: 'delete-webhook' });
  return (
    <section aria-labelledby="webhooks-heading" className="grid gap-6">
      <h2 id="webhooks-heading" className="font-display text-2xl font-semibold">
        Webhooks
      </h2>
      <p className="text-ink-muted">
        The shop POSTs each event you choose, signed by the Standard Webhooks scheme, and retries a
        failed delivery for 24 hours. See <code>docs/webhooks.md</code>.
      </p>
      <AddEndpointForm />
      {endpoints.length === 0 ? (
        <p className="text-ink-muted">No endpoints yet.</p>
      ) : (
        <ul className="grid gap-6">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} remove={remove} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AddEndpointForm() {
  const { fetcher, form, fields, answer } = useAnswerForm({
    schema: () =>
      import('../../../core/api/api-access').then((module) => module.webhookEndpointFormSchema),
    intent: 'create-webhook',
    invalidToast: errorToast,
  });
  const created =
    answer?.status === 'ok' ? answerData<{ secret: string; url: string }>(answer) : {};
  // A refusal that names no field (a private address) shows under the URL.
  const urlRefusal =
    answer && answer.status !== 'ok' && !fields.url.errors?.length ? answer.message : null;
  return (
    <div className="grid gap-4 rounded-2xl border border-stone p-4">
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <h3 className="font-semibold">Add endpoint</h3>
        <input type="hidden" name="intent" value="create-webhook" />
        <FormField
          meta={fields.url}
          label="URL"
          type="text"
          inputMode="url"
          placeholder="https://example.com/webhooks"
          error={urlRefusal}
        />
        <FormField meta={fields.description} label="Description (optional)" />
        <CheckboxGroup
          meta={fields.events}
          legend="Events"
          options={webhookEventTypes}
          listClassName="grid gap-2 sm:grid-cols-2 lg:grid-cols-3"
        />
        <button
          type="submit"
          className={`${primaryButtonClass} justify-self-start`}
          disabled={fetcher.state !== 'idle'}
        >
          Add endpoint
        </button>
      </fetcher.Form>
      {created.secret ? (
        <ApiSecretBox
          title={`Signing secret for ${created.url ?? ''}`}
          what="secret"
          secret={created.secret}
        />
      ) : null}
    </div>
  );
}

function EndpointItem({
  endpoint,
  remove,
}: {
  endpoint: EndpointWithDeliveries;
  remove: ReturnType<typeof useAnswerFetcher>;
}) {
  const timeZone = useShopTimeZone();
  const toggle = useAnswerFetcher();
  const [deleting, setDeleting] = useState(false);
  return (
    <li aria-label={`Endpoint ${endpoint.url}`} className="rounded-2xl border border-stone p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h3 className="font-mono text-sm font-semibold break-all">{endpoint.url}</h3>
          {endpoint.description ? <p className="text-ink-muted">{endpoint.description}</p> : null}
          <p className="text-sm">
            <span className="font-medium">Events: </span>
            {endpoint.events.join(', ')}
          </p>
          <p className="text-sm">
            <span className="font-medium">Status: </span>
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
            {endpoint.enabled && endpoint.failingSince
              ? ` · failing since ${formatShopTime(endpoint.failingSince, timeZone)}`
              : ''}
            {!endpoint.enabled && endpoint.disabledAt
              ? ` since ${formatShopTime(endpoint.disabledAt, timeZone)}`
              : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <toggle.Form method="post">
            <input
              type="hidden"
              name="intent"
              value={endpoint.enabled ? 'disable-webhook' : 'enable-webhook'}
            />
            <input type="hidden" name="endpointId" value={endpoint.id} />
            <button
              type="submit"
              className={secondaryButtonClass}
              disabled={toggle.state !== 'idle'}
            >
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </button>
          </toggle.Form>
          <button type="button" className={secondaryButtonClass} onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete endpoint"
        question={`Delete the endpoint ${endpoint.url} with its delivery log? It gets no more events.`}
      >
        <remove.Form method="post">
          <input type="hidden" name="intent" value="delete-webhook" />
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <button type="submit" className={dangerButtonClass} disabled={remove.state !== 'idle'}>
            Delete
          </button>
        </remove.Form>
      </ConfirmDialog>
      <DeliveryLog deliveries={endpoint.deliveries} />
    </li>
  );
}

const deliveryStatusLabel: Record<WebhookDeliveryView['status'], string> = {
  pending: 'Retrying',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

function DeliveryLog({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  return (
    <div className="mt-4">
      <h4 className="font-semibold">Recent deliveries</h4>
      {deliveries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No deliveries yet.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDeliveryView }) {
  const timeZone = useShopTimeZone();
  const resend = useAnswerFetcher();
  const status =
    delivery.status === 'pending' && delivery.attemptCount === 0
      ? 'Waiting'
      : deliveryStatusLabel[delivery.status];
  return (
    <li
      aria-label={`Delivery of ${delivery.eventType}`}
      className="rounded-xl bg-sand/60 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          <code className="font-semibold">{delivery.eventType}</code>
          {' · '}
          {formatShopTime(delivery.createdAt, timeZone)}
          {' · '}
          <span>{status}</span>
          {' · '}
          {countOf(delivery.attemptCount, 'attempt')}
        </p>
        <resend.Form method="post">
          <input type="hidden" name="intent" value="resend-delivery" />
          <input type="hidden" name="deliveryId" value={delivery.id} />
          <button type="submit" className={secondaryButtonClass} disabled={resend.state !== 'idle'}>
            Resend
          </button>
        </resend.Form>
      </div>
      {delivery.attempts.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer">Attempts</summary>
          <ol className="mt-2 grid gap-2">
            {delivery.attempts.map((attempt) => (
              <li key={attempt.id} className="rounded-lg bg-white p-2">
                <p>
                  {formatShopTime(attempt.attemptedAt, timeZone)}
                  {' · '}
                  {attempt.responseStatus === null ? 'No answer' : `HTTP ${attempt.responseStatus}`}
                  {' · '}
                  {`${attempt.durationMs} ms`}
                </p>
                {attempt.error ? <p className="text-danger">{attempt.error}</p> : null}
                {attempt.responseExcerpt ? (
                  // Wrapped in full (at most 1,024 characters), not a box that scrolls where the
                  // keyboard cannot.
                  <pre className="mt-1 text-xs break-words whitespace-pre-wrap">
                    {attempt.responseExcerpt}
                  </pre>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}
