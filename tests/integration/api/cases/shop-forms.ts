import { and, eq } from 'drizzle-orm';
import {
  contactMessages,
  newsletterSubscriptions,
  quotationRequests,
} from '../../../../server/db/schema';
import { insertProduct } from '../../../factories';
import { apiCase, jsonBody, type ApiCase } from './types';

let sequence = 0;
const unique = (label: string) => {
  sequence += 1;
  return `${label}-${sequence}-${Date.now()}`;
};

export const shopFormCases: ApiCase[] = [
  apiCase({
    operation: 'POST /quotation-requests',
    access: { kind: 'public' },
    setup: async ({ api }) => insertProduct(api.database.db, { name: 'Case Marble Urli' }),
    call: ({ api }, caller, product) =>
      api.request('/api/v1/quotation-requests', {
        method: 'POST',
        caller,
        ...jsonBody({
          productId: product.id,
          quantity: 2,
          customerName: 'Meera Case',
          customerMobile: '+91 98765 43210',
          customerEmail: `${unique('meera')}@example.com`,
        }),
      }),
    success: 201,
    state: async ({ api }, product) =>
      api.database.db
        .select({ id: quotationRequests.id })
        .from(quotationRequests)
        .where(eq(quotationRequests.productId, product.id)),
  }),
  apiCase({
    operation: 'POST /contact-messages',
    access: { kind: 'public' },
    setup: async () => unique('Case subject'),
    call: ({ api }, caller, subject) =>
      api.request('/api/v1/contact-messages', {
        method: 'POST',
        caller,
        ...jsonBody({
          name: 'Ravi Case',
          email: 'ravi@example.com',
          subject,
          message: 'Do you ship brass lamps to Pune?',
        }),
      }),
    success: 201,
    state: ({ api }, subject) =>
      api.database.db.select().from(contactMessages).where(eq(contactMessages.subject, subject)),
  }),
  apiCase({
    operation: 'POST /newsletter/subscriptions',
    access: { kind: 'public' },
    setup: async () => `${unique('reader')}@example.com`,
    call: ({ api }, caller, email) =>
      api.request('/api/v1/newsletter/subscriptions', {
        method: 'POST',
        caller,
        ...jsonBody({ email }),
      }),
    success: 200,
    state: ({ api }, email) =>
      api.database.db
        .select()
        .from(newsletterSubscriptions)
        .where(and(eq(newsletterSubscriptions.email, email))),
  }),
  apiCase({
    operation: 'GET /products/{id}/reviews',
    access: { kind: 'public' },
    setup: async ({ api }) => insertProduct(api.database.db, { name: 'Case Reviewed Lamp' }),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/products/${product.id}/reviews`, { caller }),
    success: 200,
  }),
  apiCase({
    operation: 'GET /products/{id}/questions',
    access: { kind: 'public' },
    setup: async ({ api }) => insertProduct(api.database.db, { name: 'Case Asked Lamp' }),
    call: ({ api }, caller, product) =>
      api.request(`/api/v1/products/${product.id}/questions`, { caller }),
    success: 200,
  }),
];
