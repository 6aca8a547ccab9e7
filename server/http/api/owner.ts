/**
 * issue 17: the owner's operations of `/api/v1`, under `/admin/...`: quotations and their offers,
 * orders and their actions, contact messages, products, media and the media CSV. Each calls the
 * same module function as the admin's pages, which checks the role and the key's scope again.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './context';
import { registerOwnerCatalogue } from './owner-catalogue';
import { registerOwnerMessages } from './owner-messages';
import { registerOwnerOrders } from './owner-orders';
import { registerOwnerQuotations } from './owner-quotations';

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
}

/**
 * The JSON body as it was sent. The route's schema (the form's own, from core/) has already
 * refused it with a 422 if it is not valid; the module parses it again with that same schema, so
 * it gets what the pages give it, not the schema's output (rupees would be read as paise twice).
 */
export async function sentBody(request: { json(): Promise<unknown> }) {
  return (await request.json()) as Record<string, unknown>;
}

export const iso = (moment: Date) => moment.toISOString();
export const isoOrNull = (moment: Date | null) => (moment ? moment.toISOString() : null);

/** A list's next page while this one is full (spec §9: 50 rows a page). */
export function nextPageOf(page: number, rows: number, pageSize: number): number | null {
  return rows >= pageSize ? page + 1 : null;
}
