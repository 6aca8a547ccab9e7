/**
 * The owner's webhook endpoints (docs/requirements.md §11 "Add endpoint", the admin page's
 * "Webhooks"; sessions only, never an API key): adding one (its URL checked against the SSRF rule
 * of public-address.ts, docs/requirements.md §14; its `whsec_` secret shown once), the list,
 * "Disable" and "Enable", and "Delete" with its delivery log. Each change records its activity
 * entry, never the secret (docs/requirements.md §12). The delivery log and "Resend" are index.ts.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { changedFields } from '../../../core/admin/activity';
import { webhookEndpointFormSchema } from '../../../core/api/api-access';
import type { WebhookEventType } from '../../../core/api/webhook-events';
import type { Database } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import type { Actor } from '../actor';
import { recordActivity } from '../activity/record';
import { DomainError } from '../errors';
import { parseInput, requireAdmin, requireRowId } from '../kernel';
import { endpointUrlRefusal, type HostResolver } from './public-address';

export interface WebhookEndpointSummary {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  failingSince: string | null;
  disabledAt: string | null;
  createdAt: string;
}

function summaryOf(row: typeof webhookEndpoints.$inferSelect): WebhookEndpointSummary {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** docs/requirements.md §12: an endpoint's fields for the activity log; its secret is never among them. */
function endpointFacts(row: typeof webhookEndpoints.$inferSelect) {
  return {
    url: row.url,
    description: row.description,
    events: row.events.join(', '),
    enabled: row.enabled,
  };
}

/** `whsec_` and base64 of 24 random bytes: the Standard Webhooks form of a secret. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export interface EndpointUrlOptions {
  /**
   * WEBHOOKS_ALLOW_PRIVATE (tests, local tools): lifts every rule on the URL, so loopback and
   * private addresses, `localhost`, names that do not resolve and http:// are accepted.
   */
  allowPrivate: boolean;
  /** In production (`config.isProduction`): only https:// endpoints. */
  requireHttps: boolean;
  resolve?: HostResolver;
}

/**
 * docs/requirements.md §11 "Add endpoint": the URL, its events and a description. The URL must be https:// in
 * production, and its host public and resolvable (docs/requirements.md §11), unless the shop allows private
 * addresses. The answer is the only time the secret is seen.
 */
export async function createWebhookEndpoint(
  db: Database,
  actor: Actor,
  input: unknown,
  options: EndpointUrlOptions,
): Promise<WebhookEndpointSummary & { secret: string }> {
  const userId = requireAdmin(actor);
  const values = parseInput(webhookEndpointFormSchema, input);
  // docs/requirements.md §11 "SSRF", docs/requirements.md §14: checked here for the owner's sake, before anything is stored; each
  // delivery checks the address again as it connects.
  if (!options.allowPrivate) {
    const refusal = await endpointUrlRefusal(new URL(values.url), options);
    if (refusal) throw new DomainError('invalid', refusal);
  }
  const secret = newSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: values.url,
        description: values.description,
        events: [...new Set(values.events)],
        secret,
        createdBy: userId,
      })
      .returning();
    // docs/requirements.md §12: the endpoint's address and events, never its secret
    await recordActivity(tx, actor, {
      kind: 'webhook',
      subject: row!.url,
      summary: `Webhook endpoint ${row!.url} added`,
      changes: changedFields(null, endpointFacts(row!)),
    });
    return { ...summaryOf(row!), secret };
  });
}

export async function listWebhookEndpoints(
  db: Database,
  actor: Actor,
): Promise<WebhookEndpointSummary[]> {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(summaryOf);
}

const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';

/** "Disable" and "Enable"; enabling starts the endpoint afresh, with no run of failures. */
export async function setWebhookEndpointEnabled(
  db: Database,
  actor: Actor,
  input: { endpointId: unknown; enabled: boolean },
  now: Date,
): Promise<WebhookEndpointSummary> {
  requireAdmin(actor);
  const endpointId = requireRowId(input.endpointId, 'Webhook endpoint');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      .for('update');
    if (!before) throw new DomainError('not_found', ENDPOINT_NOT_FOUND);
    const [row] = await tx
      .update(webhookEndpoints)
      .set(
        input.enabled
          ? { enabled: true, disabledAt: null, failingSince: null }
          : { enabled: false, disabledAt: now },
      )
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    await recordActivity(
      tx,
      actor,
      {
        kind: 'webhook',
        subject: row!.url,
        summary: `Webhook endpoint ${row!.url} ${input.enabled ? 'enabled' : 'disabled'}`,
        changes: changedFields({ enabled: before.enabled }, { enabled: row!.enabled }),
      },
      now,
    );
    return summaryOf(row!);
  });
}

/** "Delete": the endpoint with its deliveries and their attempts. */
export async function deleteWebhookEndpoint(
  db: Database,
  actor: Actor,
  input: { endpointId: unknown },
): Promise<{ url: string }> {
  requireAdmin(actor);
  const endpointId = requireRowId(input.endpointId, 'Webhook endpoint');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    if (!row) throw new DomainError('not_found', ENDPOINT_NOT_FOUND);
    await recordActivity(tx, actor, {
      kind: 'webhook',
      subject: row.url,
      summary: `Webhook endpoint ${row.url} deleted with its delivery log`,
      changes: changedFields(endpointFacts(row), null),
    });
    return { url: row.url };
  });
}
