/**
 * docs/requirements.md §11: the customer's API as a customer notices it: accepting an offer makes one order
 * however it is retried, another customer learns nothing of it, the profile, wishlist and
 * addresses change as the dashboard changes them, a return is asked as My Account asks it
 * (docs/requirements.md §24), and the community forms keep the page's limits.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, quotationOffers, reviews } from '../../../server/db/schema';
import type { Actor } from '../../../server/modules/actor';
import { createAddress } from '../../../server/modules/account';
import { sendOffer } from '../../../server/modules/quotations';
import { insertOrder, insertOrderItem, insertProduct } from '../../factories';
import { startApiHarness, type ApiHarness, type Caller } from '../../support/api-harness';
import { testDatabaseKind } from '../../support/database';
import { acceptBody, actorOf, addressForm, quotationOfA } from './cases/customer';
import { aDeliveredOrder, returnBody, returnsOf } from './cases/fulfilment';
import { lastReturnDay, returnProblems } from '../../../core/orders/returns';
import { formatLongDate } from '../../../core/time/dates';
import { jsonBody, type World } from './cases/types';
import { makeWorld } from './world';
import { DEFAULT_SHOP_TIME_ZONE } from '../../../core/time/shop-calendar';

interface Problem {
  status: number;
  detail: string;
  errors?: { pointer: string; detail: string }[];
}

describe(`the customer's API on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await startApiHarness();
    world = await makeWorld(api);
  });
  afterAll(async () => {
    await api?.close();
  });

  const accept = (reference: string, version: number, key: string, body: object = acceptBody) =>
    api.request(`/api/v1/me/quotations/${reference}/offers/${version}/accept`, {
      method: 'POST',
      caller: world.customerA,
      ...jsonBody(body, { 'Idempotency-Key': key }),
    });

  async function ordersOf(quotationId: string): Promise<number> {
    const [row] = await api.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.quotationRequestId, quotationId));
    return row?.n ?? 0;
  }

  describe('accepting an offer', () => {
    it('answers a retry with the same Idempotency-Key with the first answer, and makes one order', async () => {
      const quotation = await quotationOfA(world);
      const key = randomUUID();
      const first = await accept(quotation.reference, 1, key);
      expect(first.status).toBe(201);
      const made = (await first.json()) as { orderId: string; orderNumber: string };
      expect(first.headers.get('location')).toBe(`/api/v1/me/orders/${made.orderId}`);

      const retry = await accept(quotation.reference, 1, key);
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(made);
      expect(await ordersOf(quotation.id)).toBe(1);

      // The order is the customer's, with the offer's total (₹20,000 + ₹500 shipping + 12% GST).
      const order = await api.request(`/api/v1/me/orders/${made.orderId}`, {
        caller: world.customerA,
      });
      expect(await order.json()).toMatchObject({
        orderNumber: made.orderNumber,
        status: 'pending',
        paymentMethod: 'upi',
        total: { amountMinor: 2_296_000, display: '₹22,960' },
      });
    });

    it('makes one order from two concurrent calls with the same key', async () => {
      const quotation = await quotationOfA(world);
      const key = randomUUID();
      const answers = await Promise.all([
        accept(quotation.reference, 1, key),
        accept(quotation.reference, 1, key),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(201);
      // The second is the first's replay, or told the first is still being answered.
      expect([201, 409]).toContain(statuses[1]);
      expect(await ordersOf(quotation.id)).toBe(1);
    });

    it('refuses a second acceptance with another key as the quote page does: one order', async () => {
      const quotation = await quotationOfA(world);
      expect((await accept(quotation.reference, 1, randomUUID())).status).toBe(201);
      const second = await accept(quotation.reference, 1, randomUUID());
      expect(second.status).toBe(409);
      expect(((await second.json()) as Problem).detail).toBe('This offer was already accepted.');
      expect(await ordersOf(quotation.id)).toBe(1);
    });

    it('refuses the same key with another body (422) and creates nothing', async () => {
      const quotation = await quotationOfA(world);
      const key = randomUUID();
      const first = await accept(quotation.reference, 1, key, {
        ...acceptBody,
        paymentMethod: 'bank transfer',
      });
      expect(first.status).toBe(201);
      const other = await accept(quotation.reference, 1, key);
      expect(other.status).toBe(422);
      expect(await ordersOf(quotation.id)).toBe(1);
    });

    it('names the offer by its version: a revised offer replaces the one before it', async () => {
      const quotation = await quotationOfA(world);
      const owner: Actor = { userId: 'api-customer-test-owner', roles: ['admin'] };
      const now = new Date();
      await sendOffer(
        api.database.db,
        owner,
        {
          quotationId: quotation.id,
          lines: [{ productId: '', description: 'Revised urli', quantity: '1', unitPrice: '9000' }],
          shipping: '0',
          discount: '0',
          gstRate: '0',
          validUntil: new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10),
          leadTimeDays: '',
          terms: '',
          note: '',
        },
        now,
        DEFAULT_SHOP_TIME_ZONE,
      );
      const old = await accept(quotation.reference, 1, randomUUID());
      expect(old.status).toBe(409);
      expect(((await old.json()) as Problem).detail).toBe(
        'This offer has been replaced by a newer version.',
      );
      expect((await accept(quotation.reference, 3, randomUUID())).status).toBe(404);
      const current = await accept(quotation.reference, 2, randomUUID());
      expect(current.status).toBe(201);
      const { orderId } = (await current.json()) as { orderId: string };
      const order = (await (
        await api.request(`/api/v1/me/orders/${orderId}`, { caller: world.customerA })
      ).json()) as { total: { amountMinor: number }; items: { productName: string }[] };
      expect(order.total.amountMinor).toBe(900_000);
      expect(order.items.map((item) => item.productName)).toEqual(['Revised urli']);
    });

    it('ships to a saved address of the customer, and refuses a missing payment method by field', async () => {
      const quotation = await quotationOfA(world);
      const saved = await createAddress(api.database.db, actorOf(world.customerA), {
        ...addressForm,
        streetAddress: '7 Saved Lane',
      });
      const missing = await accept(quotation.reference, 1, randomUUID(), { addressId: saved.id });
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as Problem).errors).toContainEqual({
        pointer: '#/paymentMethod',
        detail: 'Choose a payment method',
      });
      const made = await accept(quotation.reference, 1, randomUUID(), {
        addressId: saved.id,
        paymentMethod: 'bank transfer',
      });
      expect(made.status).toBe(201);
      const { orderId } = (await made.json()) as { orderId: string };
      const order = (await (
        await api.request(`/api/v1/me/orders/${orderId}`, { caller: world.customerA })
      ).json()) as { shippingAddress: { streetAddress: string } };
      expect(order.shippingAddress.streetAddress).toBe('7 Saved Lane');
    });
  });

  describe('another customer', () => {
    it('gets 404 for customer A’s quotation, with none of its data', async () => {
      const quotation = await quotationOfA(world);
      const answer = await api.request(`/api/v1/me/quotations/${quotation.reference}`, {
        caller: world.customerB,
      });
      expect(answer.status).toBe(404);
      const body = await answer.text();
      expect(JSON.parse(body)).toMatchObject({ detail: 'Quotation not found' });
      expect(body).not.toContain(quotation.notes);
      expect(body).not.toContain('Customer A');
      const list = await api.request('/api/v1/me/quotations', { caller: world.customerB });
      expect(await list.text()).not.toContain(quotation.reference);

      const own = await api.request(`/api/v1/me/quotations/${quotation.reference}`, {
        caller: world.customerA,
      });
      expect(await own.json()).toMatchObject({
        reference: quotation.reference,
        request: { customizationNotes: quotation.notes },
        currentOffer: {
          version: 1,
          status: 'sent',
          total: { amountMinor: 2_296_000 },
          // docs/requirements.md §24: a line without a catalogue piece is made to order, and says so
          lines: [{ description: 'Marble lotus urli', madeToOrder: true }],
        },
        actions: expect.arrayContaining(['accept', 'decline', 'ask-changes']) as unknown,
      });
    });

    it('cannot accept, decline or write on customer A’s quotation', async () => {
      const quotation = await quotationOfA(world);
      const asB = (path: string, body: object) =>
        api.request(`/api/v1/me/quotations/${quotation.reference}${path}`, {
          method: 'POST',
          caller: world.customerB,
          ...jsonBody(body, { 'Idempotency-Key': randomUUID() }),
        });
      expect((await asB('/offers/1/accept', acceptBody)).status).toBe(404);
      expect((await asB('/offers/1/decline', {})).status).toBe(404);
      expect((await asB('/messages', { body: 'Hello' })).status).toBe(404);
      expect(await ordersOf(quotation.id)).toBe(0);
    });
  });

  describe('the thread and the offer steps', () => {
    it('asks for a new offer only once the offer has expired, as the quote page offers it', async () => {
      const quotation = await quotationOfA(world);
      const askNew = () =>
        api.request(`/api/v1/me/quotations/${quotation.reference}/offers/1/new-offer-request`, {
          method: 'POST',
          caller: world.customerA,
        });
      const tooEarly = await askNew();
      expect(tooEarly.status).toBe(409);
      await api.database.db
        .update(quotationOffers)
        .set({ validUntil: '2020-01-01' })
        .where(eq(quotationOffers.quotationRequestId, quotation.id));
      const asked = await askNew();
      expect(asked.status).toBe(201);
      expect(await asked.json()).toMatchObject({
        kind: 'new-offer-requested',
        body: 'Please send me a new offer.',
      });
      const shown = (await (
        await api.request(`/api/v1/me/quotations/${quotation.reference}`, {
          caller: world.customerA,
        })
      ).json()) as { messages: { kind: string }[]; actions: string[] };
      expect(shown.messages.map((entry) => entry.kind)).toContain('new-offer-requested');
    });

    it('posts a message and the customer’s steps, which the quotation then shows', async () => {
      const quotation = await quotationOfA(world);
      const base = `/api/v1/me/quotations/${quotation.reference}`;
      const post = (path: string, body: object) =>
        api.request(`${base}${path}`, {
          method: 'POST',
          caller: world.customerA,
          ...jsonBody(body),
        });

      const empty = await post('/messages', { body: '   ' });
      expect(empty.status).toBe(422);
      expect(((await empty.json()) as Problem).detail).toBe('Write a message');

      const message = await post('/messages', { body: '  Can it be ready by Diwali?  ' });
      expect(message.status).toBe(201);
      expect(await message.json()).toMatchObject({
        author: 'customer',
        kind: 'message',
        body: 'Can it be ready by Diwali?',
      });
      expect((await post('/offers/1/changes', { body: 'Make it 3 pieces' })).status).toBe(201);
      const declined = await post('/offers/1/decline', { reason: 'Too dear' });
      expect(await declined.json()).toEqual({ version: 1, status: 'declined' });
      const again = await post('/offers/1/decline', {});
      expect(again.status).toBe(409);

      const quote = (await (await api.request(base, { caller: world.customerA })).json()) as {
        currentOffer: { status: string; declineReason: string };
        messages: { kind: string; body: string; offerVersion: number | null }[];
        actions: string[];
      };
      expect(quote.currentOffer).toMatchObject({ status: 'declined', declineReason: 'Too dear' });
      expect(quote.actions).toEqual([]);
      expect(
        quote.messages.map(({ kind, body, offerVersion }) => ({ kind, body, offerVersion })),
      ).toEqual([
        { kind: 'message', body: 'Can it be ready by Diwali?', offerVersion: null },
        { kind: 'changes-requested', body: 'Make it 3 pieces', offerVersion: 1 },
        { kind: 'declined', body: 'Too dear', offerVersion: 1 },
      ]);
    });

    it('takes the payment reference of the order an offer made, in the order’s method', async () => {
      const quotation = await quotationOfA(world);
      const made = (await (await accept(quotation.reference, 1, randomUUID())).json()) as {
        orderId: string;
      };
      const send = (reference: string, caller: Caller = world.customerA) =>
        api.request(`/api/v1/me/orders/${made.orderId}/payment-reference`, {
          method: 'POST',
          caller,
          ...jsonBody({ reference }),
        });
      const bad = await send('ABC123');
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as Problem).detail).toBe('A UPI reference (UTR) has 12 digits');
      expect((await send('4321 8765 0987', world.customerB)).status).toBe(404);
      expect((await send('4321 8765 0987')).status).toBe(200);
      const order = (await (
        await api.request(`/api/v1/me/orders/${made.orderId}`, { caller: world.customerA })
      ).json()) as { submittedPaymentReference: string };
      expect(order.submittedPaymentReference).toBe('432187650987');
    });
  });

  describe('the account', () => {
    it('shows a profile change in GET /me, and a PATCH keeps the fields it leaves out', async () => {
      const customer = await api.customer('Ravi Customer');
      const patch = (body: object) =>
        api.request('/api/v1/me', { method: 'PATCH', caller: customer, ...jsonBody(body) });
      expect((await patch({ displayName: 'Ravi K', phone: '+91 98290 12345' })).status).toBe(200);
      // Only the name is sent: the phone stays.
      expect((await patch({ displayName: 'Ravi Kumar' })).status).toBe(200);
      const me = await api.request('/api/v1/me', { caller: customer });
      expect(await me.json()).toMatchObject({
        displayName: 'Ravi Kumar',
        phone: '+91 98290 12345',
      });
      const refused = await patch({ phone: 'call me' });
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as Problem).errors?.[0]?.pointer).toBe('#/phone');
      expect((await patch({ phone: '' })).status).toBe(200);
      expect(await (await api.request('/api/v1/me', { caller: customer })).json()).toMatchObject({
        displayName: 'Ravi Kumar',
        phone: null,
      });
    });

    it('keeps one default address as the dashboard does', async () => {
      const customer = await api.customer('Addressed Customer');
      const post = (body: object) =>
        api.request('/api/v1/me/addresses', {
          method: 'POST',
          caller: customer,
          ...jsonBody(body),
        });
      const first = (await (await post(addressForm)).json()) as { id: string; isDefault: boolean };
      expect(first.isDefault).toBe(true);
      const second = (await (
        await post({ ...addressForm, title: 'Work', isDefault: true })
      ).json()) as {
        id: string;
      };
      const missing = await post({ ...addressForm, city: '' });
      expect(missing.status).toBe(422);
      expect(((await missing.json()) as Problem).detail).toBe('City is required');
      expect(
        (
          await api.request(`/api/v1/me/addresses/${second.id}`, {
            method: 'DELETE',
            caller: customer,
          })
        ).status,
      ).toBe(204);
      const list = (await (
        await api.request('/api/v1/me/addresses', { caller: customer })
      ).json()) as {
        data: { id: string; isDefault: boolean }[];
      };
      expect(list.data).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
    });

    it('saves a product to the wishlist once however often it is PUT, and removes it', async () => {
      const customer = await api.customer('Wishing Customer');
      const product = await insertProduct(api.database.db, {
        name: 'Wishlist Peacock',
        priceMinor: 500_000,
      });
      const path = `/api/v1/me/wishlist/${product.id}`;
      for (let n = 0; n < 2; n += 1) {
        const put = await api.request(path, { method: 'PUT', caller: customer });
        expect(await put.json()).toEqual({ productId: product.id, inWishlist: true });
      }
      const list = (await (
        await api.request('/api/v1/me/wishlist', { caller: customer })
      ).json()) as {
        data: { productId: string; price: { display: string } }[];
      };
      expect(list.data).toEqual([
        expect.objectContaining({
          productId: product.id,
          price: expect.objectContaining({ display: '₹5,000' }) as unknown,
        }),
      ]);
      expect((await api.request(path, { method: 'DELETE', caller: customer })).status).toBe(204);
      expect((await api.request(path, { method: 'DELETE', caller: customer })).status).toBe(404);
      expect(
        (
          await api.request('/api/v1/me/wishlist/no-such-piece', {
            method: 'PUT',
            caller: customer,
          })
        ).status,
      ).toBe(404);
    });
  });

  // docs/requirements.md §24: "Request a Return" over JSON, refused with My Account's words.
  describe('returns', () => {
    const askReturn = (caller: Caller, orderId: string, body: unknown) =>
      api.request(`/api/v1/me/orders/${orderId}/returns`, {
        method: 'POST',
        caller,
        ...jsonBody(body),
      });
    const problemOf = async (response: Response) => {
      const problem = (await response.json()) as Problem;
      return { status: response.status, detail: problem.detail };
    };

    it('asks to return pieces of her delivered order, one return at a time, never a made-to-order piece', async () => {
      const order = await aDeliveredOrder(api.database.db, world.customerA.userId!, {
        madeToOrderPiece: true,
      });
      const ask = (body: unknown) => askReturn(world.customerA, order.id, body);
      const urli = order.urli!;

      expect(await problemOf(await ask(returnBody(urli.id, 'Too big', 1)))).toEqual({
        status: 422,
        detail: returnProblems.notReturnable(urli.name),
      });
      expect(await problemOf(await ask(returnBody(order.diya.id, 'Dented', 3)))).toEqual({
        status: 422,
        detail: returnProblems.tooMany(order.diya.name, 2),
      });
      const noReason = await ask({ ...returnBody(order.diya.id), reason: '  ' });
      expect(noReason.status).toBe(422);
      expect(((await noReason.json()) as Problem).errors).toEqual([
        { pointer: '#/reason', detail: returnProblems.reason },
      ]);
      const { condition: _condition, ...unconfirmed } = returnBody(order.diya.id);
      const noCondition = await ask(unconfirmed);
      expect(noCondition.status).toBe(422);
      expect(((await noCondition.json()) as Problem).errors).toEqual([
        { pointer: '#/condition', detail: returnProblems.condition },
      ]);
      // Another customer learns nothing of the order, and asks nothing of it.
      const stranger = await askReturn(world.customerB, order.id, returnBody(order.diya.id));
      expect(stranger.status).toBe(404);
      expect(await stranger.text()).not.toContain(order.diya.name);
      expect(await returnsOf(api.database.db, order.id)).toEqual([]);

      const asked = await ask(returnBody(order.diya.id, 'One arrived dented.', 1));
      expect(asked.status).toBe(201);
      expect(await asked.json()).toMatchObject({
        orderId: order.id,
        status: 'requested',
        pieces: [{ orderItemId: order.diya.id, productName: order.diya.name, quantity: 1 }],
        reason: 'One arrived dented.',
        photos: [],
      });
      expect(await problemOf(await ask(returnBody(order.diya.id, 'The other too', 1)))).toEqual({
        status: 409,
        detail: returnProblems.openReturn,
      });
      expect(await returnsOf(api.database.db, order.id)).toHaveLength(1);
    });

    it('refuses an order not delivered, past its 30 days, or with nothing returnable, with 409', async () => {
      const userId = world.customerA.userId!;
      const shipped = await aDeliveredOrder(api.database.db, userId, { status: 'shipped' });
      expect(
        await problemOf(await askReturn(world.customerA, shipped.id, returnBody(shipped.diya.id))),
      ).toEqual({ status: 409, detail: returnProblems.notDelivered });

      const deliveredAt = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
      const old = await aDeliveredOrder(api.database.db, userId, { deliveredAt });
      expect(
        await problemOf(await askReturn(world.customerA, old.id, returnBody(old.diya.id))),
      ).toEqual({
        status: 409,
        detail: returnProblems.windowClosed(
          formatLongDate(lastReturnDay(deliveredAt, DEFAULT_SHOP_TIME_ZONE)),
        ),
      });

      const madeToOrder = await aDeliveredOrder(api.database.db, userId, {
        madeToOrderPiece: true,
      });
      await api.database.db.delete(orderItems).where(eq(orderItems.id, madeToOrder.diya.id));
      expect(
        await problemOf(
          await askReturn(world.customerA, madeToOrder.id, returnBody(madeToOrder.urli!.id)),
        ),
      ).toEqual({ status: 409, detail: returnProblems.nothingReturnable });
      for (const order of [shipped, old, madeToOrder]) {
        expect(await returnsOf(api.database.db, order.id)).toEqual([]);
      }
    });
  });

  describe('community writes', () => {
    it('marks a review of a delivered piece a verified purchase', async () => {
      const customer = await api.customer('Reviewing Customer');
      const product = await insertProduct(api.database.db, { name: 'Reviewed Elephant' });
      const order = await insertOrder(api.database.db, {
        userId: customer.userId!,
        status: 'delivered',
      });
      await insertOrderItem(api.database.db, {
        orderId: order.id,
        productId: product.id,
        productName: product.name,
      });
      const answer = await api.request(`/api/v1/products/${product.id}/reviews`, {
        method: 'POST',
        caller: customer,
        ...jsonBody({ content: '  Beautiful work.  ', rating: 4 }),
      });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({
        productId: product.id,
        title: null,
        content: 'Beautiful work.',
        rating: 4,
        isVerifiedPurchase: true,
      });
      const badRating = await api.request(`/api/v1/products/${product.id}/reviews`, {
        method: 'POST',
        caller: customer,
        ...jsonBody({ content: 'Fine', rating: 9 }),
      });
      expect(badRating.status).toBe(422);
      expect(((await badRating.json()) as Problem).detail).toBe('Choose from 1 to 5 stars');
    });
  });
});

describe(`the customer's API form limits on ${testDatabaseKind}`, () => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await startApiHarness({ env: { FORM_RATE_LIMIT: '2' } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('limits reviews per address as the product page does (spec §8), before storing any', async () => {
    const customer = await api.customer('Busy Reviewer');
    const product = await insertProduct(api.database.db, { name: 'Much Reviewed Bowl' });
    const review = () =>
      api.request(`/api/v1/products/${product.id}/reviews`, {
        method: 'POST',
        caller: customer,
        ...jsonBody({ content: 'Again and again' }),
      });
    expect((await review()).status).toBe(201);
    expect((await review()).status).toBe(201);
    const limited = await review();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    const [stored] = await api.database.db
      .select({ n: count() })
      .from(reviews)
      .where(eq(reviews.productId, product.id));
    expect(stored?.n).toBe(2);
  });
});
