/**
 * The admin's order forms (beyond the spec, DESIGN.md §5: a quotation becomes an order; a UPI or
 * bank payment is confirmed with its reference): one schema for the browser and the server.
 */
import { z } from 'zod';
import { orderActions } from './admin';
import { formText } from './form-text';

export const orderPaymentMethods = ['upi', 'bank transfer', 'other'] as const;

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
  paymentMethod: z.enum(orderPaymentMethods, { error: 'Choose a payment method' }),
  name: formText().trim().min(1, 'Name is required').max(100),
  streetAddress: formText().trim().min(1, 'Street address is required').max(200),
  apartment: formText().trim().max(100).optional(),
  city: formText().trim().min(1, 'City is required').max(100),
  state: formText().trim().min(1, 'State is required').max(100),
  postalCode: formText().trim().min(1, 'Postal code is required').max(20),
  country: formText().trim().min(1, 'Country is required').max(60),
});

/** The UPI or bank reference kept when a payment is confirmed (payment_id). */
export const paymentReferenceSchema = formText()
  .trim()
  .max(100, 'The payment reference must be under 100 characters')
  .optional();

/**
 * spec §4: an admin's order action; "Confirm Payment Received" carries the reference. The order's
 * id is the module's to check: one that names no order is not found.
 */
export const orderActionSchema = z.object({
  action: z.enum(orderActions),
  paymentReference: paymentReferenceSchema,
});
