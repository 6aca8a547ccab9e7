/**
 * Emitting a webhook event, in the domain kernel (docs/design.md §3, docs/requirements.md §11): an event is an enqueue,
 * written in the transaction of the change it tells of: a delivery for each enabled endpoint that
 * follows it (this module's own table), each with its job. Every module that changes something
 * an integration follows calls this; delivering and the owner's endpoints are ./index.ts. The
 * event's name and its data are checked by the type checker against core/api/webhook-events.ts.
 */
import { and, arrayContains, eq } from 'drizzle-orm';
import type {
  WebhookEventData,
  WebhookEventType,
  WebhookPayload,
} from '../../../core/api/webhook-events';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { enqueue } from '../jobs/enqueue';

export type { WebhookPayload };

/**
 * docs/requirements.md §11: emits an event in the caller's transaction: a delivery for each enabled endpoint that
 * follows `type`, each with its job. No endpoint, no row and no job. Answers how many.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  tx: Database,
  type: T,
  // NoInfer: the name alone picks the event, so its data must be that event's.
  data: NoInfer<WebhookEventData<T>>,
  now: Date,
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return 0;
  // The body every try of the delivery sends (WebhookPayload).
  const payload = { type, timestamp: now.toISOString(), data };
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        eventType: type,
        payload,
        // The 24 hours of retries count from here, on the injected clock.
        createdAt: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const delivery of deliveries) {
    await enqueue(tx, 'webhook-delivery', { deliveryId: delivery.id });
  }
  return deliveries.length;
}
