/**
 * The admin console's reads and writes (spec §2 Admin, §4, §6 Admin, §7 Admin calls): every
 * function checks that the actor has the admin role before it reads or writes anything.
 */
import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  applyOrderAction,
  canMoveQuotation,
  messageMovesFrom,
  orderActions,
  orderNumberFor,
  orderNumberPrefix,
} from '../../../core/admin';
import { rupeesToMinor } from '../../../core/money';
import { formText } from '../../../core/form-text';
import {
  contactMessageStatuses,
  quotationStatuses,
  type ContactMessageStatus,
  type OrderStatus,
  type PaymentStatus,
  type QuotationStatus,
} from '../../../core/statuses';
import type { Database } from '../../db/client';
import {
  callbackLeads,
  contactMessages,
  orderItems,
  orders,
  products,
  quotationRequests,
  userRoles,
  users,
} from '../../db/schema';
import { isAdmin, type Actor } from '../actor';
import { DomainError, parseInput } from '../errors';
import { getOrderRowsWithItems } from '../orders';

export function requireAdmin(actor: Actor): string {
  if (!actor) throw new DomainError('unauthenticated', 'Please sign in to continue.');
  if (!isAdmin(actor)) {
    throw new DomainError('forbidden', 'You do not have administrator privileges.');
  }
  return actor.userId;
}

export interface AdminCounts {
  quotations: number;
  orders: number;
  messages: number;
  roles: number;
  leads: number;
}

// The tab labels show counts from count queries, not from loading every row.
export async function adminCounts(db: Database, actor: Actor): Promise<AdminCounts> {
  requireAdmin(actor);
  const [[quotations], [orderCount], [messages], [roles], [leads]] = await Promise.all([
    db.select({ value: count() }).from(quotationRequests),
    db.select({ value: count() }).from(orders),
    db.select({ value: count() }).from(contactMessages),
    db.select({ value: count() }).from(userRoles),
    db.select({ value: count() }).from(callbackLeads),
  ]);
  return {
    quotations: quotations?.value ?? 0,
    orders: orderCount?.value ?? 0,
    messages: messages?.value ?? 0,
    roles: roles?.value ?? 0,
    leads: leads?.value ?? 0,
  };
}

function offsetOf(page: number): number {
  return (Math.max(1, Math.trunc(page) || 1) - 1) * ADMIN_PAGE_SIZE;
}

// spec §7: every list newest first
export async function listQuotationRequests(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select()
    .from(quotationRequests)
    .orderBy(desc(quotationRequests.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

export async function listAllOrders(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  const rows = await db
    .select()
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(input.page));
  return getOrderRowsWithItems(db, rows);
}

export async function listContactMessages(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

export async function listUserRoles(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select({
      id: userRoles.id,
      userId: userRoles.userId,
      email: users.email,
      role: userRoles.role,
      createdAt: userRoles.createdAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .orderBy(desc(userRoles.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

export async function listCallbackLeads(db: Database, actor: Actor, input: { page: number }) {
  requireAdmin(actor);
  return db
    .select()
    .from(callbackLeads)
    .orderBy(desc(callbackLeads.createdAt))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(input.page));
}

const idSchema = z.uuid();

function requireId(id: unknown, what: string): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw new DomainError('not_found', `${what} not found`);
  return parsed.data;
}

// spec §4: quotation transitions, refused by the server when not allowed
export async function setQuotationStatus(
  db: Database,
  actor: Actor,
  input: { id: unknown; status: unknown },
): Promise<{ status: QuotationStatus }> {
  requireAdmin(actor);
  const id = requireId(input.id, 'Quotation request');
  const status = parseInput(z.enum(quotationStatuses), input.status);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: quotationRequests.status })
      .from(quotationRequests)
      .where(eq(quotationRequests.id, id))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Quotation request not found');
    if (!canMoveQuotation(current.status as QuotationStatus, status)) {
      throw new DomainError('conflict', `A ${current.status} quotation cannot become ${status}`);
    }
    await tx.update(quotationRequests).set({ status }).where(eq(quotationRequests.id, id));
    return { status };
  });
}

// spec §4: contact message transitions
export async function setContactMessageStatus(
  db: Database,
  actor: Actor,
  input: { id: unknown; status: unknown },
): Promise<{ status: ContactMessageStatus }> {
  requireAdmin(actor);
  const id = requireId(input.id, 'Message');
  const status = parseInput(z.enum(contactMessageStatuses), input.status);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!current) throw new DomainError('not_found', 'Message not found');
    if (!messageMovesFrom(current.status as ContactMessageStatus).includes(status)) {
      throw new DomainError('conflict', `A ${current.status} message cannot become ${status}`);
    }
    await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id));
    return { status };
  });
}

/**
 * spec §4: the order actions, through the same machine the console's buttons come from. Confirming
 * a payment keeps the UPI or bank reference in payment_id (beyond the spec).
 */
export async function setOrderStatus(
  db: Database,
  actor: Actor,
  input: { orderId: unknown; action: unknown; paymentReference?: unknown },
): Promise<{ status: OrderStatus; paymentStatus: PaymentStatus | null }> {
  requireAdmin(actor);
  const orderId = requireId(input.orderId, 'Order');
  const action = parseInput(z.enum(orderActions), input.action);
  const reference = parseInput(
    formText().trim().max(100, 'The payment reference must be under 100 characters').optional(),
    typeof input.paymentReference === 'string' ? input.paymentReference : undefined,
  );
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        paymentMethod: orders.paymentMethod,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw new DomainError('not_found', 'Order not found');
    const change = applyOrderAction(
      {
        status: order.status as OrderStatus,
        paymentStatus: order.paymentStatus as PaymentStatus | null,
        paymentMethod: order.paymentMethod,
      },
      action,
    );
    if (!change) {
      throw new DomainError('conflict', `This action is not available for a ${order.status} order`);
    }
    const [updated] = await tx
      .update(orders)
      .set({
        status: change.status,
        ...(change.paymentStatus ? { paymentStatus: change.paymentStatus } : {}),
        ...(action === 'confirm-payment' && reference ? { paymentId: reference } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning({ status: orders.status, paymentStatus: orders.paymentStatus });
    return {
      status: updated!.status as OrderStatus,
      paymentStatus: updated!.paymentStatus as PaymentStatus | null,
    };
  });
}

export const orderPaymentMethods = ['upi', 'bank transfer', 'other'] as const;

const money = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(10_000_000, `${label} is too large`),
  );

const orderFromQuotationSchema = z.object({
  quantity: z.coerce.number().int().min(1, 'Quantity must be at least 1'),
  unitPrice: money('Unit price').refine((price) => price > 0, 'Unit price must be above zero'),
  shipping: money('Shipping'),
  tax: money('Tax'),
  paymentMethod: z.enum(orderPaymentMethods, { error: 'Choose a payment method' }),
  name: formText().trim().min(1, 'Name is required').max(100),
  streetAddress: formText().trim().min(1, 'Street address is required').max(200),
  apartment: formText().trim().max(100).optional(),
  city: formText().trim().min(1, 'City is required').max(100),
  state: formText().trim().min(1, 'State is required').max(100),
  postalCode: formText().trim().min(1, 'Postal code is required').max(20),
  country: formText().trim().min(1, 'Country is required').max(60),
});

/**
 * Quotation → order (beyond the spec): a pending order with its item and an order number, the
 * quotation completed, and the order linked to the requester's account (their user id, or the
 * account that verified the same e-mail). One transaction.
 */
export async function createOrderFromQuotation(
  db: Database,
  actor: Actor,
  input: { quotationId: unknown } & Record<string, unknown>,
): Promise<{ orderId: string; orderNumber: string; userId: string | null }> {
  requireAdmin(actor);
  const quotationId = requireId(input.quotationId, 'Quotation request');
  const values = parseInput(orderFromQuotationSchema, input);
  return db.transaction(async (tx) => {
    const [quotation] = await tx
      .select()
      .from(quotationRequests)
      .where(eq(quotationRequests.id, quotationId))
      .for('update');
    if (!quotation) throw new DomainError('not_found', 'Quotation request not found');
    if (quotation.status === 'completed') {
      throw new DomainError('conflict', 'This quotation is already completed');
    }
    let userId = quotation.userId;
    if (!userId && quotation.customerEmail) {
      // issue 14: an account owns an e-mail address only once it is verified; a guest's order
      // joins the account that verified the address (before, linkGuestOrdersToVerifiedAccount).
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.email})`, quotation.customerEmail.toLowerCase()),
            eq(users.emailVerified, true),
          ),
        );
      userId = account?.id ?? null;
    }
    const [product] = quotation.productId
      ? await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, quotation.productId))
      : [];
    const unitPriceMinor = rupeesToMinor(values.unitPrice);
    const subtotal = unitPriceMinor * values.quantity;
    const shipping = rupeesToMinor(values.shipping);
    const tax = rupeesToMinor(values.tax);
    const now = new Date();
    const dayPrefix = orderNumberPrefix(now);
    // One order number at a time: two admins creating orders at once must not draw the same one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('order-number'))`);
    const [latest] = await tx
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(like(orders.orderNumber, `${dayPrefix}%`))
      .orderBy(desc(orders.orderNumber))
      .limit(1);
    const lastSequence = Number(latest?.orderNumber.slice(dayPrefix.length)) || 0;
    const orderNumber = orderNumberFor(now, lastSequence + 1);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        orderNumber,
        status: 'pending',
        // Absent until the shop records a payment: "Confirm Order" stays on offer (spec §4).
        paymentStatus: null,
        paymentMethod: values.paymentMethod,
        shippingAddress: {
          name: values.name,
          streetAddress: values.streetAddress,
          apartment: values.apartment || null,
          city: values.city,
          state: values.state,
          postalCode: values.postalCode,
          country: values.country,
          phone: quotation.customerMobile,
        },
        subtotalMinor: subtotal,
        shippingAmountMinor: shipping,
        taxAmountMinor: tax,
        totalAmountMinor: subtotal + shipping + tax,
        quotationRequestId: quotation.id,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (!order) throw new Error('order not stored');
    await tx.insert(orderItems).values({
      orderId: order.id,
      productId: product?.id ?? null,
      productName: quotation.productName,
      quantity: values.quantity,
      unitPriceMinor,
      totalPriceMinor: subtotal,
    });
    await tx
      .update(quotationRequests)
      .set({ status: 'completed' })
      .where(eq(quotationRequests.id, quotation.id));
    return { orderId: order.id, orderNumber: order.orderNumber, userId };
  });
}
