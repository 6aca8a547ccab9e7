/**
 * docs/decisions/019: every status column is typed by one list of core/ (`text(name, { enum: list })`) and
 * its check constraint lists exactly that list, so the database refuses what the types do not
 * know and accepts every value they do. Rows under test are written in plain SQL: the types would
 * stop a wrong value in TypeScript before the database ever saw it.
 */
import { randomUUID } from 'node:crypto';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityActorKinds, activityKinds } from '../../core/admin/activity';
import { offerStatuses } from '../../core/quotes/quote-offer';
import { searchCountOutcomes } from '../../core/search/search-counts';
import {
  contactMessageStatuses,
  mediaTypes,
  newsletterSources,
  orderStatuses,
  paymentStatuses,
  quotationMessageAuthors,
  quotationMessageKinds,
  quotationStatuses,
  reviewMediaTypes,
  userRoleValues,
  webhookDeliveryStatuses,
} from '../../core/orders/statuses';
import { DISPLAY_CURRENCIES } from '../../core/money/display-currency';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../tests/support/database';
import { insertProduct, insertUser } from '../../tests/factories';
import type { Database } from './client';
import * as schema from './schema';
import {
  activityLog,
  contactMessages,
  newsletterSubscriptions,
  orders,
  productMedia,
  quotationMessages,
  quotationOffers,
  quotationRequests,
  reviewMedia,
  reviews,
  searchCounts,
  taxDocumentSeries,
  orderShipments,
  orderRefunds,
  orderReturns,
  taxDocuments,
  userRoles,
  webhookDeliveries,
  webhookEndpoints,
} from './schema';

import { documentSeries } from '../../core/tax/financial-year';
import { carrierIds } from '../../core/orders/carriers';
import { refundMethods } from '../../core/orders/refund-status';
import { returnStatuses } from '../../core/orders/return-status';

type RowValues = Record<string, string | number>;

/** The rows a status row hangs on, made once per database. */
interface Parents {
  productId: string;
  reviewId: string;
  quotationRequestId: string;
  webhookEndpointId: string;
}

interface StatusColumn {
  column: AnyPgColumn;
  constraint: string;
  list: readonly string[];
  /** The other columns of a valid row, fresh for each insert (unique keys differ). */
  row: (db: Database, parents: Parents) => Promise<RowValues>;
}

const unique = () => randomUUID().slice(0, 8);

async function quotationRequestRow(): Promise<RowValues> {
  return {
    product_name: 'Boat Ganesh',
    quantity: 1,
    customer_name: 'Asha',
    customer_mobile: '9829000000',
  };
}

async function insertQuotationRequest(db: Database): Promise<string> {
  const [request] = await db
    .insert(quotationRequests)
    .values({
      productName: 'Boat Ganesh',
      quantity: 1,
      customerName: 'Asha',
      customerMobile: '9829000000',
    })
    .returning({ id: quotationRequests.id });
  if (!request) throw new Error('quotation request not inserted');
  return request.id;
}

const statusColumns: StatusColumn[] = [
  {
    column: orders.status,
    constraint: 'orders_status_check',
    list: orderStatuses,
    row: async () => ({ order_number: `ORD-CHECK-${unique()}` }),
  },
  {
    column: orders.paymentStatus,
    constraint: 'orders_payment_status_check',
    list: paymentStatuses,
    row: async () => ({ order_number: `ORD-CHECK-${unique()}` }),
  },
  {
    column: productMedia.mediaType,
    constraint: 'product_media_type_check',
    list: mediaTypes,
    row: async (_db, { productId }) => ({ product_id: productId, media_url: '/m.svg' }),
  },
  {
    column: reviewMedia.mediaType,
    constraint: 'review_media_type_check',
    list: reviewMediaTypes,
    row: async (_db, { reviewId }) => ({ review_id: reviewId, media_url: '/m.svg' }),
  },
  {
    column: quotationRequests.status,
    constraint: 'quotation_requests_status_check',
    list: quotationStatuses,
    row: quotationRequestRow,
  },
  // docs/requirements.md §21: the display currency a request's page showed
  {
    column: quotationRequests.displayCurrency,
    constraint: 'quotation_requests_display_currency_check',
    list: DISPLAY_CURRENCIES,
    row: quotationRequestRow,
  },
  {
    column: quotationOffers.status,
    constraint: 'quotation_offers_status_check',
    list: offerStatuses,
    // A request of its own each time: one draft and one sent offer per request.
    row: async (db) => ({
      quotation_request_id: await insertQuotationRequest(db),
      version: 1,
      subtotal_minor: 100_000,
      gst_rate_basis_points: 1800,
      gst_minor: 18_000,
      total_minor: 118_000,
      valid_until: '2030-01-31',
    }),
  },
  {
    column: quotationMessages.author,
    constraint: 'quotation_messages_author_check',
    list: quotationMessageAuthors,
    row: async (_db, { quotationRequestId }) => ({
      quotation_request_id: quotationRequestId,
      kind: 'message',
      body: 'Can it be 30 cm tall?',
    }),
  },
  {
    column: quotationMessages.kind,
    constraint: 'quotation_messages_kind_check',
    list: quotationMessageKinds,
    row: async (_db, { quotationRequestId }) => ({
      quotation_request_id: quotationRequestId,
      author: 'customer',
      body: 'Can it be 30 cm tall?',
    }),
  },
  {
    column: contactMessages.status,
    constraint: 'contact_messages_status_check',
    list: contactMessageStatuses,
    row: async () => ({ name: 'Asha', email: 'asha@example.com', subject: 'Hi', message: 'Hello' }),
  },
  {
    column: newsletterSubscriptions.source,
    constraint: 'newsletter_subscriptions_source_check',
    list: newsletterSources,
    row: async () => ({ email: `reader-${unique()}@example.com` }),
  },
  {
    column: userRoles.role,
    constraint: 'user_roles_role_check',
    list: userRoleValues,
    row: async (db) => ({ user_id: (await insertUser(db)).id }),
  },
  {
    column: webhookDeliveries.status,
    constraint: 'webhook_deliveries_status_check',
    list: webhookDeliveryStatuses,
    row: async (_db, { webhookEndpointId }) => ({
      endpoint_id: webhookEndpointId,
      event_type: 'order.created',
      payload: '{}',
    }),
  },
  {
    column: activityLog.actorKind,
    constraint: 'activity_log_actor_kind_check',
    list: activityActorKinds,
    row: async () => ({ actor_name: 'Asha', kind: 'settings', summary: 'Changed the shop name' }),
  },
  {
    column: activityLog.kind,
    constraint: 'activity_log_kind_check',
    list: activityKinds,
    row: async () => ({ actor_kind: 'user', actor_name: 'Asha', summary: 'Changed the shop name' }),
  },
  // docs/requirements.md §24: a shipment's carrier, core/orders/carriers.ts carrierIds
  {
    column: orderShipments.carrier,
    constraint: 'order_shipments_carrier_check',
    list: carrierIds,
    row: async (db) => {
      const [order] = await db
        .insert(orders)
        .values({ orderNumber: `ORD-CHECK-${unique()}` })
        .returning({ id: orders.id });
      return { order_id: order!.id, dispatched_on: '2026-11-30' };
    },
  },
  // docs/requirements.md §24: how a refund went back, core/orders/refund-status.ts refundMethods
  {
    column: orderRefunds.method,
    constraint: 'order_refunds_method_check',
    list: refundMethods,
    row: async (db) => {
      const [order] = await db
        .insert(orders)
        .values({ orderNumber: `ORD-CHECK-${unique()}` })
        .returning({ id: orders.id });
      return {
        order_id: order!.id,
        amount_minor: 100,
        received_minor: 100,
        reference: 'UTR1',
        refunded_on: '2026-12-01',
      };
    },
  },
  // docs/requirements.md §24: a return's progress, core/orders/return-status.ts returnStatuses
  {
    column: orderReturns.status,
    constraint: 'order_returns_status_check',
    list: returnStatuses,
    row: async (db) => {
      const [order] = await db
        .insert(orders)
        .values({ orderNumber: `ORD-CHECK-${unique()}` })
        .returning({ id: orders.id });
      return { order_id: order!.id, reason: 'Dented' };
    },
  },
  // docs/decisions/027: the GST documents' kinds, core/tax/financial-year.ts documentSeries
  {
    column: taxDocuments.kind,
    constraint: 'tax_documents_kind_check',
    list: documentSeries,
    row: async (db) => {
      const [order] = await db
        .insert(orders)
        .values({ orderNumber: `ORD-CHECK-${unique()}` })
        .returning({ id: orders.id });
      return {
        number: `KK/26-27/${unique().slice(0, 6)}`,
        financial_year: '26-27',
        sequence: Math.floor(Math.random() * 1_000_000_000) + 1,
        order_id: order!.id,
        issued_on: '2026-11-29',
        issued_at: '2026-11-29T05:30:00Z',
        buyer_name: 'Asha',
        place_of_supply: 'Rajasthan (08)',
        taxable_minor: 0,
        tax_minor: 0,
        total_minor: 0,
        content: '{}',
      };
    },
  },
  {
    column: taxDocumentSeries.kind,
    constraint: 'tax_document_series_kind_check',
    list: documentSeries,
    row: async () => ({ financial_year: unique(), last_sequence: 1 }),
  },
  {
    column: searchCounts.outcome,
    constraint: 'search_counts_outcome_check',
    list: searchCountOutcomes,
    row: async () => ({ text: `votive ${unique()}`, week: '2026-11-23', count: 1 }),
  },
];

function insertRow(db: Database, column: AnyPgColumn, values: RowValues) {
  const names = Object.keys(values);
  return db.execute(
    sql`insert into ${sql.identifier(getTableName(column.table))} (${sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    )}) values (${sql.join(
      names.map((name) => sql`${values[name]}`),
      sql`, `,
    )})`,
  );
}

/** The refusal's Postgres code and constraint, wherever the driver put them. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ code?: string; constraint?: string } | undefined> {
  try {
    await promise;
  } catch (error) {
    const candidate = error as {
      code?: string;
      constraint?: string;
      cause?: { code?: string; constraint?: string };
    };
    return candidate.cause ?? candidate;
  }
  return undefined;
}

const label = ({ column }: StatusColumn) => `${getTableName(column.table)}.${column.name}`;

describe(`status columns on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let parents: Parents;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const product = await insertProduct(db);
    const user = await insertUser(db);
    const [review] = await db
      .insert(reviews)
      .values({ productId: product.id, userId: user.id, content: 'Lovely work' })
      .returning({ id: reviews.id });
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        url: 'https://hooks.example.com/shop',
        events: ['order.created'],
        secret: 'whsec_test',
      })
      .returning({ id: webhookEndpoints.id });
    if (!review || !endpoint) throw new Error('parents not inserted');
    parents = {
      productId: product.id,
      reviewId: review.id,
      quotationRequestId: await insertQuotationRequest(db),
      webhookEndpointId: endpoint.id,
    };
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('covers every column typed by a list of values', () => {
    const typedByList = Object.values(schema)
      .filter((value: unknown): value is PgTable => is(value, PgTable))
      .flatMap((table) => getTableConfig(table).columns)
      .filter((column) => column.enumValues !== undefined);
    expect(
      typedByList.map((column) => `${getTableName(column.table)}.${column.name}`).sort(),
    ).toEqual(statusColumns.map(label).sort());
  });

  it.each(statusColumns.map((entry) => [label(entry), entry] as const))(
    '%s is typed by its core list, and its check lists exactly that list',
    async (_label, { column, constraint, list }) => {
      expect(column.enumValues).toBe(list);
      const { rows } = await database.db.execute<{ definition: string }>(
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${constraint}`,
      );
      expect(rows).toHaveLength(1);
      const allowed = [...rows[0]!.definition.matchAll(/'([^']*)'::text/g)].map(
        (match) => match[1],
      );
      expect(allowed.sort()).toEqual([...list].sort());
    },
  );

  it.each(statusColumns.map((entry) => [label(entry), entry] as const))(
    '%s refuses a value outside its list (23514) and accepts every value of it',
    async (_label, { column, constraint, list, row }) => {
      const { db } = database;
      const values = await row(db, parents);
      expect(
        await refusal(insertRow(db, column, { ...values, [column.name]: 'no-such-value' })),
      ).toMatchObject({
        code: '23514',
        constraint,
      });
      for (const value of list) {
        const accepted = await row(db, parents);
        expect(
          await refusal(insertRow(db, column, { ...accepted, [column.name]: value })),
        ).toBeUndefined();
      }
    },
  );
});
