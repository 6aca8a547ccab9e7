/**
 * docs/requirements.md §11: the owner's operations of `/api/v1`, under `/admin/...`: quotations and their offers,
 * orders and their actions, contact messages, products, media and the media CSV, and the shop's
 * settings (docs/requirements.md §12). Each calls the
 * same module function as the admin's pages, which checks the role and the key's scope again.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './context';
import { registerOwnerCatalogue } from './owner-catalogue';
import { registerOwnerMessages } from './owner-messages';
import { registerOwnerOrders } from './owner-orders';
import { registerOwnerQuotations } from './owner-quotations';
import { registerOwnerSettings } from './owner-settings';

export function registerOwner(api: OpenAPIHono<ApiEnv>): void {
  // The shop's private records: no cache keeps them, whoever's credentials fetched them.
  api.use('/admin/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  registerOwnerQuotations(api);
  registerOwnerOrders(api);
  registerOwnerMessages(api);
  registerOwnerCatalogue(api);
  registerOwnerSettings(api);
}
