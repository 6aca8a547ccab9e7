import { describe, expect, it } from 'vitest';
import {
  apiKeyFormSchema,
  apiKeyTexts,
  webhookEndpointFormSchema,
  webhookTexts,
} from './api-access';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('the owner’s API key and webhook forms', () => {
  it('takes a named key with one or several scopes, as a checkbox group posts them', () => {
    expect(apiKeyFormSchema.parse({ name: ' CRM sync ', scopes: 'orders:read' })).toEqual({
      name: 'CRM sync',
      scopes: ['orders:read'],
    });
    expect(
      apiKeyFormSchema.parse({ name: 'ERP', scopes: ['orders:read', 'orders:write'] }).scopes,
    ).toEqual(['orders:read', 'orders:write']);
    expect(firstMessage(apiKeyFormSchema.safeParse({ name: 'ERP' }))).toBe(
      apiKeyTexts.scopesRequired,
    );
    expect(firstMessage(apiKeyFormSchema.safeParse({ name: '  ', scopes: 'orders:read' }))).toBe(
      apiKeyTexts.nameRequired,
    );
    expect(
      firstMessage(apiKeyFormSchema.safeParse({ name: 'x'.repeat(81), scopes: 'orders:read' })),
    ).toBe(apiKeyTexts.nameTooLong);
    expect(apiKeyFormSchema.safeParse({ name: 'ERP', scopes: ['admin:everything'] }).success).toBe(
      false,
    );
  });

  it('drops NUL from the texts, which PostgreSQL could not store', () => {
    expect(apiKeyFormSchema.parse({ name: 'CRM\u0000 sync', scopes: 'orders:read' }).name).toBe(
      'CRM sync',
    );
    const endpoint = webhookEndpointFormSchema.parse({
      url: 'https://hooks.example/shop\u0000',
      description: 'ERP\u0000',
      events: 'order.created',
    });
    expect(endpoint).toEqual({
      url: 'https://hooks.example/shop',
      description: 'ERP',
      events: ['order.created'],
    });
  });

  it('takes only plain http(s) URLs without credentials, and at least one event', () => {
    for (const url of [
      'ftp://hooks.example/',
      'https://user:pass@hooks.example/',
      'hooks.example',
    ]) {
      expect(
        firstMessage(webhookEndpointFormSchema.safeParse({ url, events: 'order.created' })),
      ).toBe(webhookTexts.urlInvalid);
    }
    expect(
      firstMessage(webhookEndpointFormSchema.safeParse({ url: 'https://hooks.example/' })),
    ).toBe(webhookTexts.eventsRequired);
  });
});
