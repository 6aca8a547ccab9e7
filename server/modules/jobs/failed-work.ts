/**
 * docs/requirements.md §12 "Failed work": what the queue could not do yet, for the owner at /admin/jobs: mails
 * (and the scheduled sweeps) that failed for good or wait for their next retry, and webhook
 * deliveries that failed or are retrying (each delivery keeps its own tries, docs/requirements.md §11). Each can be
 * tried again now; the retry is recorded in the activity log in its own transaction.
 */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { recordActivity } from '../activity/record';
import type { Actor } from '../actor';
import { DomainError } from '../errors';
import { requireAdmin, requireRowId } from '../kernel';
import type { Notice } from '../../../core/admin/notices';
import { heldReason } from '../../mail/causes';
import { enqueue, JOB_SCHEMA, type HeldMailJob, type QueueName } from './index';

/** The newest this many of each kind are listed; more than that is a fault to fix, not to page. */
const LISTED = 100;

export interface FailedWork {
  /**
   * `job`: a queued job (a mail, a sweep); `delivery`: a webhook delivery; `held`: a mail its
   * limit held (docs/requirements.md §13), sent only by the owner's Send Now.
   */
  kind: 'job' | 'delivery' | 'held';
  id: string;
  /** What it was meant to do, in the owner's words. */
  description: string;
  state: 'failed' | 'retrying' | 'held';
  tries: number;
  lastError: string | null;
  createdAt: string;
  /** When the queue tries it again by itself; null when it will not. */
  nextTryAt: string | null;
}

const noticeLabels: Record<Notice['kind'], string> = {
  'quotation-request': 'Quotation request',
  'contact-message': 'Contact message',
  'newsletter-welcome': 'Newsletter welcome',
  message: 'Account mail',
  account: 'Account mail',
  'callback-request': 'Call-back request',
  'webhook-endpoint-disabled': 'Webhook endpoint disabled',
  'daily-digest': 'Daily digest',
  'quotation-event': 'Quotation update',
  'quotation-merged': 'Quotations merged',
  'price-drop': 'Price drop',
};

function recipientOf(notice: Notice): string {
  switch (notice.kind) {
    case 'quotation-request':
      return notice.to === 'owner'
        ? 'the shop'
        : (notice.quotation.customerEmail ?? 'the requester');
    case 'contact-message':
    case 'callback-request':
    case 'webhook-endpoint-disabled':
    case 'daily-digest':
      return 'the shop';
    case 'newsletter-welcome':
      return notice.email;
    case 'account':
      return notice.to;
    case 'message':
      return Array.isArray(notice.message.to) ? notice.message.to.join(', ') : notice.message.to;
    case 'quotation-event':
      return notice.to === 'owner' ? 'the shop' : 'the customer';
    case 'quotation-merged':
    case 'price-drop':
      return notice.to;
  }
}

const queueLabels: Partial<Record<QueueName, string>> = {
  'offer-expiry': 'Offer expiry sweep',
  'daily-digest': 'Daily digest sweep',
  'quote-list-sweep': 'Unused quote lists sweep',
  'verification-sweep': 'Expired sign-in challenges sweep',
  'price-drop-alert': 'Price-drop alerts',
};

function describeJob(name: string, data: unknown): string {
  if (name === 'mail' && data && typeof data === 'object' && 'kind' in data) {
    const notice = data as Notice;
    const label = noticeLabels[notice.kind] ?? 'Mail';
    const event = notice.kind === 'quotation-event' ? ` (${notice.event})` : '';
    return `Mail: ${label}${event} to ${recipientOf(notice)}`;
  }
  return queueLabels[name as QueueName] ?? name;
}

interface JobRow {
  id: string;
  name: string;
  data: unknown;
  state: 'failed' | 'retry';
  retry_count: number;
  error: string | null;
  created_on: string | Date;
  start_after: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

interface HeldRow {
  id: string;
  data: HeldMailJob;
  created_on: string | Date;
}

/**
 * The failed, retrying and held work, newest first: held mails (what the owner may want to send
 * now), queued jobs, then webhook deliveries.
 */
export async function listFailedWork(db: Database, actor: Actor): Promise<FailedWork[]> {
  requireAdmin(actor);
  const held = await db.execute(
    sql`select id::text as id, data, created_on from ${sql.raw(JOB_SCHEMA)}.job
        where name = 'mail-held' and state = 'created'
        order by created_on desc limit ${LISTED}`,
  );
  // Webhook deliveries are listed as deliveries (their tries are their own), not as queue jobs.
  const jobs = await db.execute(
    sql`select id::text as id, name, data, state::text as state, retry_count,
          output->>'message' as error, created_on, start_after
        from ${sql.raw(JOB_SCHEMA)}.job
        where state in ('failed', 'retry') and name <> 'webhook-delivery'
        order by created_on desc limit ${LISTED}`,
  );
  const deliveries = await db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      url: webhookEndpoints.url,
      status: webhookDeliveries.status,
      tries: webhookDeliveries.attemptCount,
      createdAt: webhookDeliveries.createdAt,
      lastError: sql<string | null>`(
        select coalesce(${webhookAttempts.error}, 'HTTP ' || ${webhookAttempts.responseStatus})
        from ${webhookAttempts} where ${webhookAttempts.deliveryId} = ${webhookDeliveries.id}
        order by ${webhookAttempts.attemptedAt} desc limit 1
      )`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      or(
        eq(webhookDeliveries.status, 'failed'),
        and(eq(webhookDeliveries.status, 'pending'), gt(webhookDeliveries.attemptCount, 0)),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(LISTED);
  return [
    ...(held.rows as unknown as HeldRow[]).map((job) => ({
      kind: 'held' as const,
      id: job.id,
      description: describeJob('mail', job.data),
      state: 'held' as const,
      tries: 0,
      // docs/requirements.md §13: "Held: {address} reached the limit of {n} mails an hour"
      lastError: `Held: ${heldReason(job.data.held.address, job.data.held.perHour)}`,
      createdAt: iso(job.created_on),
      nextTryAt: null,
    })),
    ...(jobs.rows as unknown as JobRow[]).map((job) => ({
      kind: 'job' as const,
      id: job.id,
      description: describeJob(job.name, job.data),
      state: job.state === 'failed' ? ('failed' as const) : ('retrying' as const),
      tries: Number(job.retry_count) + 1,
      lastError: job.error,
      createdAt: iso(job.created_on),
      nextTryAt: job.state === 'retry' ? iso(job.start_after) : null,
    })),
    ...deliveries.map((delivery) => ({
      kind: 'delivery' as const,
      id: delivery.id,
      description: `Webhook: ${delivery.eventType} to ${delivery.url}`,
      state: delivery.status === 'failed' ? ('failed' as const) : ('retrying' as const),
      tries: delivery.tries,
      lastError: delivery.lastError,
      createdAt: delivery.createdAt.toISOString(),
      nextTryAt: null,
    })),
  ];
}

export const retryWorkSchema = z.object({ kind: z.enum(['job', 'delivery']), id: z.string() });

/**
 * docs/requirements.md §13 "Send Now": the owner releases a held mail. It moves to the mail queue marked
 * released, so no limit holds it again, in one transaction with its activity entry.
 */
export async function sendHeldMailNow(
  db: Database,
  actor: Actor,
  input: { id: unknown },
  now: Date,
): Promise<{ description: string }> {
  requireAdmin(actor);
  const id = requireRowId(input.id, 'Held mail');
  return db.transaction(async (tx) => {
    const taken = await tx.execute(
      sql`delete from ${sql.raw(JOB_SCHEMA)}.job
          where name = 'mail-held' and id = ${id} and state = 'created'
          returning data`,
    );
    const [job] = taken.rows as unknown as { data: HeldMailJob }[];
    if (!job) throw new DomainError('not_found', 'This mail is no longer held: it was sent.');
    const { held, cause: _cause, released: _released, ...notice } = job.data;
    const description = describeJob('mail', job.data);
    await enqueue(tx, 'mail', { ...notice, released: true });
    await recordActivity(
      tx,
      actor,
      {
        kind: 'job',
        subject: id,
        summary: `Sent a held mail now: ${description} (${heldReason(held.address, held.perHour)})`,
      },
      now,
    );
    return { description };
  });
}

/**
 * "Retry" of a job: a failed job goes back to the queue with one more try allowed, and a retrying
 * one is tried now rather than at its next back-off. (A webhook delivery is the webhooks module's:
 * server/flows/retry-failed-work.ts picks which.)
 */
export async function retryFailedJob(
  db: Database,
  actor: Actor,
  input: { id: unknown },
  now: Date,
): Promise<{ description: string }> {
  requireAdmin(actor);
  const id = requireRowId(input.id, 'Failed work');
  return db.transaction(async (tx) => {
    const retried = await tx.execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.job
          set state = 'retry', retry_limit = greatest(retry_limit, retry_count + 1), start_after = now()
          where id = ${id} and name <> 'webhook-delivery' and state in ('failed', 'retry')
          returning name, data`,
    );
    const [job] = retried.rows as unknown as { name: string; data: unknown }[];
    if (!job)
      throw new DomainError('not_found', 'This work is no longer waiting: it ran or was retried.');
    const description = describeJob(job.name, job.data);
    await recordActivity(
      tx,
      actor,
      { kind: 'job', subject: id, summary: `Retried ${description}` },
      now,
    );
    return { description };
  });
}
