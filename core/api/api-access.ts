/**
 * The headless API's credentials and webhooks (docs/requirements.md §11): the scopes an owner's API key may hold,
 * and the owner's forms for both (the events an endpoint may follow are core/api/webhook-events.ts).
 */
import { z } from 'zod';
import { formText, visibleText } from '../forms/form-text';
import { webhookEventTypes } from './webhook-events';

/** docs/requirements.md §11: what an owner integration's key may do; a session of the owner may do all of it. */
export const apiScopes = [
  'catalogue:write',
  'quotations:read',
  'quotations:write',
  'orders:read',
  'orders:write',
  'settings:write',
] as const;
export type ApiScope = (typeof apiScopes)[number];

export const API_KEY_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const apiKeyTexts = {
  nameRequired: 'Please enter a name for the key',
  nameTooLong: `The name can be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
} as const;

export const webhookTexts = {
  urlInvalid: 'Please enter a valid http or https URL',
  urlPrivate:
    'This address is not reachable from the internet; webhooks are sent to public addresses only',
  descriptionTooLong: `The description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  eventsRequired: 'Choose at least one event',
} as const;

/** A checkbox group posts one value per ticked box, or none: always read as a list. */
function listOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/** The owner's "Create API key" form (docs/requirements.md §11). */
export const apiKeyFormSchema = z.object({
  // PostgreSQL text cannot hold NUL: formText drops it rather than letting the write fail.
  name: visibleText({ error: apiKeyTexts.nameRequired })
    .trim()
    .min(1, apiKeyTexts.nameRequired)
    .max(API_KEY_NAME_MAX, apiKeyTexts.nameTooLong),
  scopes: listOf(z.enum(apiScopes)).pipe(
    z.array(z.enum(apiScopes)).min(1, apiKeyTexts.scopesRequired),
  ),
});
export type ApiKeyForm = z.output<typeof apiKeyFormSchema>;

/** The owner's "Add endpoint" form (docs/requirements.md §11). Private addresses are refused by the server. */
export const webhookEndpointFormSchema = z.object({
  url: formText({ error: webhookTexts.urlInvalid })
    .trim()
    .max(WEBHOOK_URL_MAX, webhookTexts.urlInvalid)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
        );
      } catch {
        return false;
      }
    }, webhookTexts.urlInvalid),
  description: visibleText()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, webhookTexts.descriptionTooLong)
    .optional()
    .default(''),
  events: listOf(z.enum(webhookEventTypes)).pipe(
    z.array(z.enum(webhookEventTypes)).min(1, webhookTexts.eventsRequired),
  ),
});
export type WebhookEndpointForm = z.output<typeof webhookEndpointFormSchema>;
