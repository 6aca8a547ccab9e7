/**
 * docs/requirements.md §11: the contact messages over the API. They are the shop's correspondence, read and
 * answered alongside quotation requests, so they take the quotations scopes: the list needs
 * `quotations:read`, a status move (spec §4 "Mark as Read", "Mark as Replied") `quotations:write`.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ADMIN_PAGE_SIZE } from '../../../core/admin/admin';
import {
  contactMessagePageSchema,
  contactMessageStatusSchema,
  messageStatusMoveSchema,
  ownerListQuerySchema,
  ownerMessageIdParams,
} from '../../../core/api/api-owner-schemas';
import { listContactMessages, setContactMessageStatus } from '../../modules/contact';
import type { ApiEnv } from './context';
import { json, operation, sentBody } from './operation';
import { nextPageOf } from './next-page';
import { iso } from './answer-values';

const tags = ['Owner: messages'];

const listMessages = operation({
  method: 'get',
  path: '/admin/messages',
  tags,
  summary: 'Contact messages, newest first',
  description: 'The admin’s list (spec §7), 50 a page. Needs `quotations:read`.',
  access: { kind: 'owner', scope: 'quotations:read' },
  request: { query: ownerListQuerySchema },
  responses: { 200: json(contactMessagePageSchema, 'A page of contact messages') },
});

const moveMessage = operation({
  method: 'patch',
  path: '/admin/messages/{id}',
  tags,
  summary: 'Mark a message read or replied',
  description: 'spec §4: unread → read or replied; read → replied. Needs `quotations:write`.',
  access: { kind: 'owner', scope: 'quotations:write' },
  request: {
    params: ownerMessageIdParams,
    body: { ...json(messageStatusMoveSchema, 'The new status'), required: true },
  },
  responses: { 200: json(contactMessageStatusSchema, 'The status is changed') },
});

export function registerOwnerMessages(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(listMessages, async (c) => {
    const { page } = c.req.valid('query');
    const rows = await listContactMessages(c.get('services').db, c.get('actor'), { page });
    return c.json(
      {
        data: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          subject: row.subject,
          message: row.message,
          status: row.status,
          createdAt: iso(row.createdAt),
          updatedAt: iso(row.updatedAt),
        })),
        page,
        nextPage: nextPageOf(page, rows.length, ADMIN_PAGE_SIZE),
      },
      200,
    );
  });

  api.openapi(moveMessage, async (c) => {
    const { id } = c.req.valid('param');
    const { status } = await setContactMessageStatus(c.get('services').db, c.get('actor'), {
      id,
      status: (await sentBody(c)).status,
    });
    return c.json({ id, status }, 200);
  });
}
