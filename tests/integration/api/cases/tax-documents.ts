/**
 * docs/requirements.md §23: the GST documents' operations. Each call's fixture is a paid order of customer A's with
 * its tax invoice, issued by the owner; the buyer's name is a marker only the owner and A may read.
 */
import { randomUUID } from 'node:crypto';
import { siteDefaults } from '../../../../content/site';
import { issueInvoice } from '../../../../server/modules/invoices';
import { insertOrder, insertOrderItem, insertProduct } from '../../../factories';
import { ownerActor } from './owner';
import { apiCase, type ApiCase, type World } from './types';

export async function anInvoiceOfA(world: World) {
  const db = world.api.database.db;
  const buyerName = `Asha Invoiced ${randomUUID().slice(0, 8)}`;
  const product = await insertProduct(db, { hsnCode: '6802' });
  const order = await insertOrder(db, {
    userId: world.customerA.userId!,
    status: 'confirmed',
    paymentStatus: 'paid',
    paymentMethod: 'upi',
    shippingAddress: {
      name: buyerName,
      streetAddress: '12 Lake Road',
      city: 'Udaipur',
      state: 'Rajasthan',
      postalCode: '313001',
      country: 'IN',
    },
    subtotalMinor: 150_000,
    taxAmountMinor: 18_000,
    totalAmountMinor: 168_000,
  });
  await insertOrderItem(db, {
    orderId: order.id,
    productId: product.id,
    productName: product.name,
  });
  const invoice = await issueInvoice(
    db,
    ownerActor(world),
    { orderId: order.id },
    siteDefaults,
    new Date(),
  );
  return { ...invoice, buyerName };
}

const ownerRead = { kind: 'owner', scope: 'orders:read' } as const;
const customer = { kind: 'customer' } as const;

export const taxDocumentCases: ApiCase[] = [
  apiCase({
    operation: 'GET /admin/invoices',
    access: ownerRead,
    setup: anInvoiceOfA,
    call: ({ api }, caller) => api.request('/api/v1/admin/invoices', { caller }),
    success: 200,
    privateMarker: (invoice) => invoice.buyerName,
  }),
  apiCase({
    operation: 'GET /admin/invoices/{id}',
    access: ownerRead,
    setup: anInvoiceOfA,
    call: ({ api }, caller, invoice) =>
      api.request(`/api/v1/admin/invoices/${invoice.id}`, { caller }),
    success: 200,
    privateMarker: (invoice) => invoice.buyerName,
  }),
  apiCase({
    operation: 'GET /invoices',
    access: ownerRead,
    setup: anInvoiceOfA,
    call: ({ api }, caller) => api.request('/api/v1/invoices', { caller }),
    success: 200,
    privateMarker: (invoice) => invoice.buyerName,
  }),
  apiCase({
    operation: 'GET /invoices/{number}',
    access: ownerRead,
    setup: anInvoiceOfA,
    call: ({ api }, caller, invoice) =>
      api.request(`/api/v1/invoices/${encodeURIComponent(invoice.number)}`, { caller }),
    success: 200,
    privateMarker: (invoice) => invoice.buyerName,
  }),
  apiCase({
    operation: 'GET /me/documents',
    access: customer,
    setup: anInvoiceOfA,
    call: ({ api }, caller) => api.request('/api/v1/me/documents', { caller }),
    success: 200,
    otherCustomer: 'own-view',
    privateMarker: (invoice) => invoice.buyerName,
  }),
  apiCase({
    operation: 'GET /me/documents/{id}',
    access: customer,
    setup: anInvoiceOfA,
    call: ({ api }, caller, invoice) =>
      api.request(`/api/v1/me/documents/${invoice.id}`, { caller }),
    success: 200,
    privateMarker: (invoice) => invoice.buyerName,
  }),
];
