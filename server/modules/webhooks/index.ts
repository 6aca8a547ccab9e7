/**
 * Signed webhooks (docs/requirements.md §11): the shop's events sent to the owner's endpoints by the Standard
 * Webhooks scheme. A domain function emits an event in the transaction of its change: one delivery
 * row per endpoint that follows it, and one job each on the durable queue, so a rollback drops
 * them and a commit guarantees them. The worker tries each delivery, logs every attempt, retries
 * on a back-off schedule for 24 hours, and disables an endpoint that has failed for 3 days.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../../../core/api/webhook-events';
import type { Database } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { enqueue } from '../jobs/enqueue';
import { requireAdmin, requireRowId } from '../kernel';
import type { HostResolver } from './public-address';
import { sendSignedRequest, signedHeaders } from './send';

export { isPrivateAddress, type HostResolver } from './public-address';

const HOUR_MS = 60 * 60 * 1000;
/** docs/requirements.md §11: a delivery is retried for up to 24 hours after it was made. */
export const DELIVERY_WINDOW_MS = 24 * HOUR_MS;
/** docs/requirements.md §11: an endpoint that has failed for 3 days is disabled. */
export const FAILING_ENDPOINT_DISABLED_AFTER_MS = 3 * 24 * HOUR_MS;
/**
 * The wait before each retry, in ms: 10 s, 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, the
 * last try at the end of the 24 hours.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  10_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * HOUR_MS,
  5 * HOUR_MS,
  10 * HOUR_MS,
];
/** The deliveries the admin page lists per endpoint. */
const DELIVERIES_LISTED = 50;

export { emitWebhookEvent, type WebhookPayload } from './emit';

// ---------------------------------------------------------------------------------------------
// Delivering (the `webhook-delivery` queue's handler, server/worker.ts)

export interface DeliveryOptions {
  /** The time of this try (the worker's clock). */
  now: Date;
  /** WEBHOOKS_ALLOW_PRIVATE: loopback, private and localhost may be reached (tests, local tools). */
  allowPrivate: boolean;
  /** The wait before each retry, in ms; the last repeats. DEFAULT_RETRY_SCHEDULE_MS unless a test's. */
  retrySchedule?: readonly number[];
  timeoutMs?: number;
  resolve?: HostResolver;
}

export type DeliveryOutcome =
  'succeeded' | 'retry-scheduled' | 'failed' | 'attempt-failed' | 'skipped';

/**
 * One try of a delivery: signed and sent, the attempt logged, then the delivery succeeded, its
 * next try queued, or failed for good once its 24 hours are over. A manual try (the owner's
 * "Resend") is one try now, outside the schedule.
 */
export async function deliverWebhook(
  db: Database,
  job: { deliveryId: string; manual?: boolean },
  options: DeliveryOptions,
): Promise<DeliveryOutcome> {
  const { now } = options;
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId));
  // A deleted endpoint takes its deliveries with it.
  if (!found) return 'skipped';
  const { delivery, endpoint } = found;
  if (delivery.status !== 'pending' && !job.manual) return 'skipped';
  if (!endpoint.enabled) {
    // A disabled endpoint gets nothing more; its waiting deliveries end failed.
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')));
    return 'skipped';
  }

  const body = JSON.stringify(delivery.payload);
  // docs/requirements.md §14: https:// is required when an endpoint is added, not here. An http:// endpoint
  // stored before that rule keeps its events rather than losing them without a word.
  const outcome = await sendSignedRequest(
    endpoint.url,
    body,
    signedHeaders(endpoint.secret, delivery.id, body, now),
    { allowPrivate: options.allowPrivate, resolve: options.resolve, timeoutMs: options.timeoutMs },
  );
  const succeeded = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;

  return db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      responseStatus: outcome.status,
      responseExcerpt: outcome.excerpt,
      error: outcome.error,
      durationMs: outcome.durationMs,
    });
    const [counted] = await tx
      .update(webhookDeliveries)
      .set({ attemptCount: sql`${webhookDeliveries.attemptCount} + 1`, lastAttemptAt: now })
      .where(eq(webhookDeliveries.id, delivery.id))
      .returning({ attemptCount: webhookDeliveries.attemptCount });
    if (succeeded) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'succeeded', succeededAt: now })
        .where(eq(webhookDeliveries.id, delivery.id));
      // A success ends the endpoint's run of failures.
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return 'succeeded';
    }

    const disabled = await recordEndpointFailure(tx, endpoint.id, now);
    // A manual try of a delivery still on its schedule leaves the schedule to go on; one of a
    // finished delivery (succeeded or failed) is its last word.
    if (job.manual && delivery.status === 'pending' && !disabled) return 'attempt-failed';
    const deadline = delivery.createdAt.getTime() + DELIVERY_WINDOW_MS;
    if (job.manual || disabled || now.getTime() >= deadline) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(eq(webhookDeliveries.id, delivery.id));
      return 'failed';
    }
    const schedule = options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE_MS;
    const attempts = counted?.attemptCount ?? 1;
    const wait = schedule[Math.min(attempts, schedule.length) - 1] ?? 0;
    // The last try falls at the end of the 24 hours rather than past it.
    const startAfter = new Date(Math.min(now.getTime() + wait, deadline));
    await enqueue(tx, 'webhook-delivery', { deliveryId: delivery.id }, { startAfter });
    return 'retry-scheduled';
  });
}

/**
 * Marks the endpoint failing from now, unless it already is; once it has failed for 3 days it is
 * disabled and the owner is mailed. The UPDATE takes the endpoint once, however many deliveries
 * fail at the same moment, so the owner gets one mail. Answers whether it was disabled.
 */
async function recordEndpointFailure(tx: Database, endpointId: string, now: Date) {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  const since = endpoint?.failingSince;
  if (!since || now.getTime() - since.getTime() < FAILING_ENDPOINT_DISABLED_AFTER_MS) return false;
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ url: webhookEndpoints.url });
  if (!disabled) return true;
  await enqueue(tx, 'mail', {
    kind: 'webhook-endpoint-disabled',
    url: disabled.url,
    failingSince: since.toISOString(),
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// The owner's endpoints (the admin page's "Webhooks"; sessions only, never an API key): adding,
// listing, enabling and deleting them are endpoints.ts; their delivery log and "Resend" follow.

export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  setWebhookEndpointEnabled,
  type EndpointUrlOptions,
  type WebhookEndpointSummary,
} from './endpoints';

export interface WebhookAttemptView {
  id: string;
  attemptedAt: string;
  responseStatus: number | null;
  responseExcerpt: string;
  error: string | null;
  durationMs: number;
}

export interface WebhookDeliveryView {
  id: string;
  endpointId: string;
  eventType: WebhookEventType;
  status: 'pending' | 'succeeded' | 'failed';
  attemptCount: number;
  createdAt: string;
  succeededAt: string | null;
  attempts: WebhookAttemptView[];
}

/** docs/requirements.md §11: the delivery log of an endpoint: its newest 50 deliveries, each with its attempts. */
export async function listWebhookDeliveries(
  db: Database,
  actor: Actor,
  input: { endpointId: unknown },
): Promise<WebhookDeliveryView[]> {
  requireAdmin(actor);
  const endpointId = requireRowId(input.endpointId, 'Webhook endpoint');
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_LISTED);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((delivery) => delivery.id),
      ),
    )
    .orderBy(webhookAttempts.attemptedAt, webhookAttempts.id);
  return deliveries.map((delivery) => ({
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType as WebhookEventType,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    createdAt: delivery.createdAt.toISOString(),
    succeededAt: delivery.succeededAt?.toISOString() ?? null,
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === delivery.id)
      .map((attempt) => ({
        id: attempt.id,
        attemptedAt: attempt.attemptedAt.toISOString(),
        responseStatus: attempt.responseStatus,
        responseExcerpt: attempt.responseExcerpt,
        error: attempt.error,
        durationMs: attempt.durationMs,
      })),
  }));
}

/**
 * docs/requirements.md §11 "Resend": a new try of the same delivery (the same `webhook-id`, so a receiver that
 * got it already can tell), queued now. A disabled endpoint must be enabled first.
 */
export async function resendWebhookDelivery(
  db: Database,
  actor: Actor,
  input: { deliveryId: unknown },
  now: Date,
): Promise<{ eventType: WebhookEventType; url: string }> {
  requireAdmin(actor);
  const deliveryId = requireRowId(input.deliveryId, 'Webhook delivery');
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        eventType: webhookDeliveries.eventType,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!found) throw new DomainError('not_found', 'Webhook delivery not found');
    if (!found.enabled) {
      throw new DomainError('conflict', 'Enable this endpoint before resending its deliveries');
    }
    await enqueue(tx, 'webhook-delivery', { deliveryId, manual: true }, { startAfter: now });
    await recordActivity(
      tx,
      actor,
      {
        kind: 'webhook',
        subject: found.url,
        summary: `The ${found.eventType} delivery to ${found.url} queued again`,
      },
      now,
    );
    return { eventType: found.eventType as WebhookEventType, url: found.url };
  });
}
