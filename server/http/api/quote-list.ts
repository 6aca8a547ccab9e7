/**
 * docs/requirements.md §18: the buyer's quote list over the API: read it, add a piece, change or remove one, and
 * send it as one quotation request. A signed-in customer's list is reached by their bearer token
 * or session; a guest's by the list's own cookie (the shop's pages), set by their first add. The
 * quote-lists module finds the holder's own list only, and refuses an owner's API key.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  apiQuoteListAddBodySchema,
  apiQuoteListChangeBodySchema,
  apiQuoteListItemParams,
  apiQuoteListSchema,
  apiQuoteListSubmitBodySchema,
} from '../../../core/api/api-customer-schemas';
import { apiQuotationRequestCreatedSchema } from '../../../core/api/api-schemas';
import { QUOTE_LIST_MAX_PIECES } from '../../../core/quotes/quote-list';
import { submitQuoteList } from '../../flows/submit-quote-list';
import { DomainError } from '../../modules/errors';
import {
  addToQuoteList,
  changeQuoteList,
  readQuoteList,
  removeFromQuoteList,
  type QuoteListHolder,
  type QuoteListView,
} from '../../modules/quote-lists';
import {
  QUOTE_LIST_COOKIE,
  quoteListCookie,
  quoteListSessionCookie,
  quoteListTokenOf,
  servedOverHttps,
} from '../quote-list-cookie';
import { shopTimeZoneOf, type ApiEnv } from './context';
import { json, operation, sentBody } from './operation';
import { apiQuotationCreatedOf } from './shop-forms';

const buyer = { kind: 'buyer' } as const;
const tags = ['Quote list'];

const readList = operation({
  method: 'get',
  path: '/quote-list',
  tags,
  summary: 'The quote list',
  description: `A signed-in customer’s list, or a guest’s by the \`${QUOTE_LIST_COOKIE}\` cookie its first piece set; without either, an empty list. Pieces no longer in the catalogue are not shown. An owner’s API key is refused (403).`,
  access: buyer,
  responses: { 200: json(apiQuoteListSchema, 'The list, in the order its pieces were added') },
});

const addItem = operation({
  method: 'post',
  path: '/quote-list/items',
  tags,
  summary: 'Add a piece to the quote list',
  description: `"Add to Quote List": the piece with quantity 1, or one more if it is listed already; at most ${QUOTE_LIST_MAX_PIECES} pieces. A guest without a list gets one, and its cookie in \`Set-Cookie\` (httpOnly, 30 days). Limited per address like the public forms.`,
  access: buyer,
  form: 'quote-list',
  request: { body: { ...json(apiQuoteListAddBodySchema), required: true } },
  responses: {
    200: {
      ...json(apiQuoteListSchema, 'The list with the piece'),
      headers: z.object({
        'Set-Cookie': z
          .string()
          .optional()
          .meta({
            description: `A guest’s new list: \`${QUOTE_LIST_COOKIE}\`, to send back as a cookie.`,
          }),
      }),
    },
  },
});

const changeItem = operation({
  method: 'patch',
  path: '/quote-list/items/{productId}',
  tags,
  summary: 'Change a piece’s quantity or notes',
  description:
    'A field not sent stays as it is. A piece that is not on the caller’s list is not found (404), whoever else lists it.',
  access: buyer,
  form: 'quote-list',
  request: {
    params: apiQuoteListItemParams,
    body: { ...json(apiQuoteListChangeBodySchema), required: true },
  },
  responses: { 200: json(apiQuoteListSchema, 'The list as changed') },
});

const removeItem = operation({
  method: 'delete',
  path: '/quote-list/items/{productId}',
  tags,
  summary: 'Take a piece off the quote list',
  description: 'Removing a piece that is not listed changes nothing.',
  access: buyer,
  form: 'quote-list',
  request: { params: apiQuoteListItemParams },
  responses: { 204: { description: 'Not on the list' } },
});

const submit = operation({
  method: 'post',
  path: '/quote-list/submit',
  tags,
  summary: 'Send the quote list as one quotation request',
  description:
    '"Request Quotation": every piece on the list, at its quantity and with its notes, becomes one request with one reference and one private link, and the list is then empty. An empty list is refused (422). Shares the quotation form’s limit per address with `POST /quotation-requests`. Honours `Idempotency-Key`.',
  access: buyer,
  form: 'quotation',
  idempotent: true,
  request: { body: { ...json(apiQuoteListSubmitBodySchema), required: true } },
  responses: { 201: json(apiQuotationRequestCreatedSchema, 'The request, received') },
});

/** Whose list: the signed-in caller's, else the guest's by the cookie's token. */
function holderOf(c: Context<ApiEnv>): QuoteListHolder {
  const secure = servedOverHttps(c.get('services').config.publicUrl);
  return { actor: c.get('actor'), token: quoteListTokenOf(c.req.raw.headers, secure) };
}

function apiQuoteListOf(list: QuoteListView): z.output<typeof apiQuoteListSchema> {
  return {
    pieces: list.pieces.map((piece) => ({
      productId: piece.productId,
      name: piece.name,
      image: piece.image ? { url: piece.image, alt: piece.imageAlt ?? piece.name } : null,
      quantity: piece.quantity,
      notes: piece.notes,
    })),
    count: list.pieces.length,
  };
}

export function registerQuoteList(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(readList, async (c) => {
    const list = await readQuoteList(c.get('services').db, holderOf(c));
    return c.json(apiQuoteListOf(list), 200);
  });

  api.openapi(addItem, async (c) => {
    const { db, clock, config } = c.get('services');
    const holder = holderOf(c);
    const { token } = await addToQuoteList(db, holder, await sentBody(c), clock());
    // docs/requirements.md §18: a guest's first piece makes their list; the cookie is how they find it again.
    if (token) {
      const secure = servedOverHttps(config.publicUrl);
      c.header('Set-Cookie', quoteListCookie(token, secure));
      // docs/decisions/021 (amended): made here, so it may join an account signed in here.
      c.header('Set-Cookie', quoteListSessionCookie(token, secure, config.authSecret), {
        append: true,
      });
    }
    const list = await readQuoteList(db, { ...holder, token: token ?? holder.token });
    return c.json(apiQuoteListOf(list), 200);
  });

  api.openapi(changeItem, async (c) => {
    const { db, clock } = c.get('services');
    const holder = holderOf(c);
    const { productId } = c.req.valid('param');
    const sent = await sentBody(c);
    // A PATCH changes the fields it sends; the module saves a whole row, so the rest is kept.
    const listed = (await readQuoteList(db, holder)).pieces.find(
      (piece) => piece.productId === productId,
    );
    if (!listed) throw new DomainError('not_found', 'Product not found');
    await changeQuoteList(
      db,
      holder,
      {
        lines: [
          {
            productId,
            quantity: sent.quantity === undefined ? listed.quantity : sent.quantity,
            notes: sent.notes === undefined ? listed.notes : sent.notes,
          },
        ],
      },
      clock(),
    );
    return c.json(apiQuoteListOf(await readQuoteList(db, holder)), 200);
  });

  api.openapi(removeItem, async (c) => {
    const { db, clock } = c.get('services');
    await removeFromQuoteList(
      db,
      holderOf(c),
      { productId: c.req.valid('param').productId },
      clock(),
    );
    return c.body(null, 204);
  });

  api.openapi(submit, async (c) => {
    const services = c.get('services');
    const { lines: _rows, ...details } = await sentBody(c);
    const stored = await submitQuoteList(
      services.db,
      holderOf(c),
      details,
      services.clock(),
      await shopTimeZoneOf(services),
    );
    return c.json(apiQuotationCreatedOf(stored, services.config.publicUrl), 201);
  });
}
