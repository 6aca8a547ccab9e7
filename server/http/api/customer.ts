/**
 * docs/requirements.md §11: the customer's own records over the API: the profile, saved addresses, the wishlist
 * and orders (spec §2 Customer dashboard, §7 Dashboard calls) with their returns (docs/requirements.md §24), by
 * the same account functions as the dashboard. A customer reaches only their own rows; anyone
 * else's is "not found".
 */
import { updateProfile } from '../../flows/update-profile';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { addressSchema, profileSchema } from '../../../core/identity/account';
import {
  apiAddressSchema,
  apiOrderSchema,
  apiProfileSchema,
  apiWishlistItemSchema,
  apiWishlistStateSchema,
} from '../../../core/api/api-customer-schemas';
import { apiReturnSchema } from '../../../core/api/api-returns';
import { rowKey } from '../../../core/forms/form-text';
import { returnRequestSchema } from '../../../core/orders/returns';
import {
  addToWishlist,
  createAddress,
  deleteAddress,
  getProfile,
  listAddresses,
  listWishlist,
  removeProductFromWishlist,
  updateAddress,
} from '../../modules/account';
import { getOrderOfUser, listOrdersOfUser } from '../../modules/orders';
import { requestReturn } from '../../modules/returns';
import { shopTimeZoneOf, type ApiEnv } from './context';
import { registerCommunityWrites } from './customer-community';
import { registerCustomerQuotations } from './customer-quotations';
import { apiAddressOf, apiOrderOf, apiWishlistItemOf } from './customer-shapes';
import { json, operation, sentBody } from './operation';
import { apiReturnOf } from './order-shapes';

const customer = { kind: 'customer' } as const;
const tags = ['Account'];

/** A row's id in a path; one of another shape is "not found" in the module, like a stranger's. */
const addressIdParams = z.object({
  id: z
    .string()
    .max(200)
    .meta({ param: { name: 'id', in: 'path' }, example: '5f0c6a3e-8f1d-4c1a-9d57-2b3f0e6a1c42' }),
});
const orderIdParams = addressIdParams;
const productIdParams = z.object({
  productId: rowKey.meta({
    param: { name: 'productId', in: 'path' },
    example: 'ganesh-marble-idol',
  }),
});

const getMe = operation({
  method: 'get',
  path: '/me',
  tags,
  summary: 'The signed-in customer’s profile',
  access: customer,
  responses: { 200: json(apiProfileSchema, 'The profile') },
});

const patchMe = operation({
  method: 'patch',
  path: '/me',
  tags,
  summary: 'Change the profile',
  description:
    'The dashboard’s profile form (spec §2). Only the fields sent change; an empty text clears its field.',
  access: customer,
  request: { body: { ...json(profileSchema), required: true } },
  responses: { 200: json(apiProfileSchema, 'The profile as saved') },
});

const listMyAddresses = operation({
  method: 'get',
  path: '/me/addresses',
  tags,
  summary: 'Saved addresses, the default first',
  access: customer,
  responses: { 200: json(z.object({ data: z.array(apiAddressSchema) }), 'The addresses') },
});

const addAddress = operation({
  method: 'post',
  path: '/me/addresses',
  tags,
  summary: 'Save an address',
  description:
    'The dashboard’s address form (spec §2, §3 Address). The first address, or one with `isDefault`, becomes the default.',
  access: customer,
  request: { body: { ...json(addressSchema), required: true } },
  responses: { 201: json(apiAddressSchema, 'The saved address') },
});

const editAddress = operation({
  method: 'patch',
  path: '/me/addresses/{id}',
  tags,
  summary: 'Edit a saved address',
  description:
    'The dashboard’s edit dialog: the whole address is sent again. `isDefault: true` makes it the default; the default stays the default until another is chosen.',
  access: customer,
  request: { params: addressIdParams, body: { ...json(addressSchema), required: true } },
  responses: { 200: json(apiAddressSchema, 'The address as saved') },
});

const removeAddress = operation({
  method: 'delete',
  path: '/me/addresses/{id}',
  tags,
  summary: 'Delete a saved address',
  description: 'When the default goes, the oldest remaining address becomes the default.',
  access: customer,
  request: { params: addressIdParams },
  responses: { 204: { description: 'Deleted' } },
});

const getWishlist = operation({
  method: 'get',
  path: '/me/wishlist',
  tags,
  summary: 'The wishlist, newest first',
  access: customer,
  responses: { 200: json(z.object({ data: z.array(apiWishlistItemSchema) }), 'The wishlist') },
});

const putWishlistItem = operation({
  method: 'put',
  path: '/me/wishlist/{productId}',
  tags,
  summary: 'Save a product to the wishlist',
  description:
    'At today’s price (the wishlist compares with it later). Saving it again changes nothing.',
  access: customer,
  request: { params: productIdParams },
  responses: { 200: json(apiWishlistStateSchema, 'The product is on the wishlist') },
});

const deleteWishlistItem = operation({
  method: 'delete',
  path: '/me/wishlist/{productId}',
  tags,
  summary: 'Take a product off the wishlist',
  access: customer,
  request: { params: productIdParams },
  responses: { 204: { description: 'Removed' } },
});

const listMyOrders = operation({
  method: 'get',
  path: '/me/orders',
  tags,
  summary: 'Orders with their items, newest first',
  access: customer,
  responses: { 200: json(z.object({ data: z.array(apiOrderSchema) }), 'The orders') },
});

const getMyOrder = operation({
  method: 'get',
  path: '/me/orders/{id}',
  tags,
  summary: 'One order with its items',
  access: customer,
  request: { params: orderIdParams },
  responses: { 200: json(apiOrderSchema, 'The order') },
});

// docs/requirements.md §24: "Request a Return" of her own delivered order; the photos are My Account's (multipart).
const requestMyReturn = operation({
  method: 'post',
  path: '/me/orders/{id}/returns',
  tags,
  summary: 'Ask to return pieces of a delivered order ("Request a Return")',
  description:
    'Within 30 days of the delivery (the shop’s calendar): the `pieces` (each order item and quantity, no more than are left to return; a made-to-order piece is not returnable), the `reason` (up to 1,000 characters) and `condition: true` (the pieces are unused and in their original packaging). One return waits for the shop’s answer at a time. Refused with 409 for an order not delivered, past its 30 days, with a return waiting or nothing left to return, and 422 for a made-to-order piece, too many of one, or a missing reason or condition, each with My Account’s message. No photos over JSON: add them in My Account. The shop is mailed and `order.return_requested` is sent.',
  access: customer,
  request: {
    params: orderIdParams,
    body: { ...json(returnRequestSchema, 'The return'), required: true },
  },
  responses: { 201: json(apiReturnSchema, 'The return as asked') },
});

export function registerCustomer(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(getMe, async (c) => {
    const { db } = c.get('services');
    return c.json(await getProfile(db, c.get('actor')), 200);
  });

  api.openapi(patchMe, async (c) => {
    const { db } = c.get('services');
    const profile = await updateProfile(db, c.get('actor'), await sentBody(c), {
      keepOmittedFields: true,
    });
    return c.json(profile, 200);
  });

  api.openapi(listMyAddresses, async (c) => {
    const addresses = await listAddresses(c.get('services').db, c.get('actor'));
    return c.json({ data: addresses.map(apiAddressOf) }, 200);
  });

  api.openapi(addAddress, async (c) => {
    const address = await createAddress(c.get('services').db, c.get('actor'), await sentBody(c));
    c.header('Location', `/api/v1/me/addresses/${address.id}`);
    return c.json(apiAddressOf(address), 201);
  });

  api.openapi(editAddress, async (c) => {
    const address = await updateAddress(c.get('services').db, c.get('actor'), {
      ...(await sentBody(c)),
      id: c.req.valid('param').id,
    });
    return c.json(apiAddressOf(address), 200);
  });

  api.openapi(removeAddress, async (c) => {
    await deleteAddress(c.get('services').db, c.get('actor'), { id: c.req.valid('param').id });
    return c.body(null, 204);
  });

  api.openapi(getWishlist, async (c) => {
    const entries = await listWishlist(c.get('services').db, c.get('actor'));
    return c.json({ data: entries.map(apiWishlistItemOf) }, 200);
  });

  api.openapi(putWishlistItem, async (c) => {
    const { productId } = c.req.valid('param');
    const saved = await addToWishlist(c.get('services').db, c.get('actor'), { productId });
    return c.json({ productId, ...saved }, 200);
  });

  api.openapi(deleteWishlistItem, async (c) => {
    const { productId } = c.req.valid('param');
    await removeProductFromWishlist(c.get('services').db, c.get('actor'), { productId });
    return c.body(null, 204);
  });

  api.openapi(listMyOrders, async (c) => {
    const orders = await listOrdersOfUser(c.get('services').db, c.get('actor'));
    return c.json({ data: orders.map(apiOrderOf) }, 200);
  });

  api.openapi(getMyOrder, async (c) => {
    const order = await getOrderOfUser(c.get('services').db, c.get('actor'), {
      orderId: c.req.valid('param').id,
    });
    return c.json(apiOrderOf(order), 200);
  });

  api.openapi(requestMyReturn, async (c) => {
    const services = c.get('services');
    const view = await requestReturn(
      services.db,
      c.get('actor'),
      services.mediaStorage,
      { orderId: c.req.valid('param').id, request: await sentBody(c), photos: [] },
      { now: services.clock(), timeZone: await shopTimeZoneOf(services) },
    );
    return c.json(apiReturnOf(view), 201);
  });

  registerCustomerQuotations(api);
  registerCommunityWrites(api);
}
