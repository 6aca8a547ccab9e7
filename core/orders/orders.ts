/**
 * The order forms' schemas (beyond the spec: an order made from a quotation, a payment recorded
 * with its reference; docs/design.md §5 "Reorder"): one schema each for the browser and the server.
 */
import { z } from 'zod';
import { orderActions } from '../admin/admin';
import { formText, rowKey, visibleText } from '../forms/form-text';
import { quotationRequestSchema } from '../quotes/quotation';

export const orderPaymentMethods = ['upi', 'bank transfer', 'other'] as const;
export type OrderPaymentMethod = (typeof orderPaymentMethods)[number];

export const paymentMethodSchema = z.enum(orderPaymentMethods, {
  error: 'Choose a payment method',
});

/** The UPI or bank reference kept when a payment is confirmed; absent is allowed. */
export const paymentReferenceSchema = formText()
  .trim()
  .max(100, 'The payment reference must be under 100 characters')
  .optional();

// A form sends rupees as text; an empty field stays empty so the number check names it.
const money = (label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(10_000_000, `${label} is too large`),
  );

export const orderFromQuotationSchema = z.object({
  quantity: z.coerce.number().int().min(1, 'Quantity must be at least 1'),
  unitPrice: money('Unit price').refine((price) => price > 0, 'Unit price must be above zero'),
  shipping: money('Shipping'),
  tax: money('Tax'),
  paymentMethod: paymentMethodSchema,
  name: visibleText().trim().min(1, 'Name is required').max(100),
  streetAddress: visibleText().trim().min(1, 'Street address is required').max(200),
  apartment: visibleText().trim().max(100).optional(),
  city: visibleText().trim().min(1, 'City is required').max(100),
  state: visibleText().trim().min(1, 'State is required').max(100),
  postalCode: visibleText().trim().min(1, 'Postal code is required').max(20),
  country: visibleText().trim().min(1, 'Country is required').max(60),
});
export type OrderFromQuotation = z.output<typeof orderFromQuotationSchema>;

/** "Reorder": the requester's details once, and the chosen pieces of the order with quantities. */
export const reorderSchema = z.object({
  customerName: quotationRequestSchema.shape.customerName,
  customerMobile: quotationRequestSchema.shape.customerMobile,
  customerEmail: quotationRequestSchema.shape.customerEmail,
  customizationNotes: quotationRequestSchema.shape.customizationNotes,
  items: z
    .array(
      z.object({
        productId: rowKey,
        quantity: quotationRequestSchema.shape.quantity,
      }),
    )
    .min(1, 'Choose at least one piece to reorder'),
});
export type ReorderInput = z.output<typeof reorderSchema>;

/**
 * spec §4: an admin's order action; "Confirm Payment Received" carries the reference. The order's
 * id is the module's to check: one that names no order is not found.
 */
export const orderActionSchema = z.object({
  action: z.enum(orderActions),
  paymentReference: paymentReferenceSchema,
});
