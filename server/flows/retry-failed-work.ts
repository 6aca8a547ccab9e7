/**
 * docs/requirements.md §12 "Failed work" → Retry: a queued job (a mail, a sweep) goes back to the queue (the jobs
 * module), a webhook delivery is resent (the webhooks module's Resend, docs/requirements.md §11). Both check the
 * admin role first.
 */
import type { Database } from '../db/client';
import type { Actor } from '../modules/actor';
import { retryFailedJob, retryWorkSchema } from '../modules/jobs/failed-work';
import { parseInput, requireAdmin } from '../modules/kernel';
import { resendWebhookDelivery } from '../modules/webhooks';

export async function retryFailedWork(
  db: Database,
  actor: Actor,
  input: { kind: unknown; id: unknown },
  now: Date,
): Promise<{ description: string }> {
  requireAdmin(actor);
  const { kind } = parseInput(retryWorkSchema.pick({ kind: true }), input);
  if (kind === 'job') return retryFailedJob(db, actor, { id: input.id }, now);
  const delivery = await resendWebhookDelivery(db, actor, { deliveryId: input.id }, now);
  return { description: `Webhook: ${delivery.eventType} to ${delivery.url}` };
}
