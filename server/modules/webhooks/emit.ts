/**
 * Emitting a webhook event, in the domain kernel (DESIGN.md §3, issue 17): an event is an enqueue,
 * written in the transaction of the change it tells of: a delivery for each enabled endpoint that
 * follows it (this module's own table), each with its job. Every module that changes something
 * an integration follows calls this; delivering and the owner's endpoints are ./index.ts.
 */
import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEventType } from '../../../core/api-access';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { enqueue } from '../jobs/enqueue';

/** What an endpoint receives: Standard Webhooks' payload shape. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * issue 17: emits an event in the caller's transaction: a delivery for each enabled endpoint that
 * follows `type`, each with its job. No endpoint, no row and no job. Answers how many.
 */
export async function emitWebhookEvent(
  tx: Database,
  type: WebhookEventType,
  data: Record<string, unknown>,
  now: Date,
): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])));
  if (endpoints.length === 0) return 0;
  const payload: WebhookPayload = { type, timestamp: now.toISOString(), data };
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
