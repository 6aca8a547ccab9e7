/**
 * The buyer's mail of each GST document (docs/requirements.md §23, docs/decisions/027): issuing an
 * invoice, by "Issue Invoice" or "Mark as Shipped", and cancelling an invoiced order queue her
 * mail in the issuing transaction; the worker delivers it with the document's PDF, printed from
 * the document as it was issued. A refusal queues nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteDefaults, type SiteSettings } from '../../../content/site';
import type { Notice } from '../../../core/admin/notices';
import { insertOrder, insertOrderItem, insertProduct, insertUser } from '../../../tests/factories';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../../../tests/support/database';
import { loadConfig } from '../../config';
import { quotationRequests } from '../../db/schema';
import { applyOrderAction } from '../../flows/apply-order-action';
import { refundOrder } from '../../flows/refund-order';
import { mailOfNotice, shopAtDelivery } from '../../worker';
import type { Actor } from '../actor';
import { JOB_SCHEMA, type MailJob } from '../jobs';
import { invoiceTexts, issueInvoice } from './index';

const config = loadConfig({ AUTH_SECRET: 'invoice-mail-test-secret-invoice-mail-test' });
const site: SiteSettings = { ...siteDefaults, shopName: 'Kalakriti Artisan Decor' };
/** 29 November 2026, 11:00 in India. */
const NOVEMBER = new Date('2026-11-29T05:30:00Z');
const BUYER_EMAIL = 'asha@example.com';

const jaipur = {
  name: 'Asha Rao',
  streetAddress: '12 Lake Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  postalCode: '302001',
  country: 'IN',
};

interface QueuedMail {
  id: string;
  data: MailJob;
}

/** A mail's plain-text part as one line of words. */
const wordsOf = (text: string) => text.replaceAll(/\s+/g, ' ');

describe(`the GST document mails on ${testDatabaseKind}`, () => {
  let database: TestDatabase;
  let owner: Actor;
  let elephantsId: string;
  let noHsnId: string;
  let requests = 0;

  /** Every mail job queued so far, oldest first. */
  async function mailJobs(): Promise<QueuedMail[]> {
    const result = await database.db.execute(
      sql.raw(
        `select id::text as id, data from ${JOB_SCHEMA}.job where name = 'mail' order by created_on, id`,
      ),
    );
    return result.rows as unknown as QueuedMail[];
  }

  /** The document mails `action` queued. */
  async function documentMailsOf(action: () => Promise<unknown>): Promise<QueuedMail[]> {
    const before = new Set((await mailJobs()).map((job) => job.id));
    await action();
    return (await mailJobs()).filter(
      (job) =>
        !before.has(job.id) &&
        job.data.kind === 'quotation-event' &&
        (job.data.event === 'invoice-issued' ||
          job.data.event === 'credit-note-issued' ||
          job.data.event === 'order-refunded'),
    );
  }

  async function deliver(job: QueuedMail) {
    return mailOfNotice(
      database.db,
      job.data as Notice,
      await shopAtDelivery(database.db, config),
      NOVEMBER,
      { mailId: job.id },
    );
  }

  /**
   * A paid order of 2 × ₹1,350 at 12% GST: ₹3,024, delivered in Jaipur; made from a quotation of
   * Asha's unless `fromQuotation` is false.
   */
  async function paidOrder(
    options: {
      productId?: string;
      status?: 'confirmed' | 'processing';
      fromQuotation?: boolean;
    } = {},
  ) {
    const { db } = database;
    const [request] =
      options.fromQuotation === false
        ? []
        : await db
            .insert(quotationRequests)
            .values({
              productName: 'Makrana marble elephant pair',
              quantity: 2,
              customerName: 'Asha Rao',
              customerMobile: '+91 98290 00000',
              customerEmail: BUYER_EMAIL,
              reference: `Q-20261129-${String((requests += 1)).padStart(4, '0')}`,
            })
            .returning();
    const order = await insertOrder(db, {
      userId: null,
      status: options.status ?? 'confirmed',
      paymentStatus: 'paid',
      paymentMethod: 'bank transfer',
      paymentId: 'UTR0001',
      shippingAddress: jaipur,
      subtotalMinor: 270_000,
      taxAmountMinor: 32_400,
      totalAmountMinor: 302_400,
      quotationRequestId: request?.id ?? null,
    });
    await insertOrderItem(db, {
      orderId: order.id,
      productId: options.productId ?? elephantsId,
      productName: 'Makrana marble elephant pair',
      quantity: 2,
      unitPriceMinor: 135_000,
    });
    return { order, request: request ?? null };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    owner = { userId: (await insertUser(db)).id, roles: ['admin'] };
    elephantsId = (await insertProduct(db, { name: 'Elephant pair', hsnCode: '6802' })).id;
    noHsnId = (await insertProduct(db, { name: 'Brass diya', hsnCode: null })).id;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('mails the buyer her tax invoice with its PDF when the owner issues it', async () => {
    const { order, request } = await paidOrder();
    let number = '';
    const jobs = await documentMailsOf(async () => {
      number = (await issueInvoice(database.db, owner, { orderId: order.id }, site, NOVEMBER))
        .number;
    });
    expect(number).toBe('KK/26-27/0001');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({
      event: 'invoice-issued',
      to: 'customer',
      quotationId: request!.id,
      orderId: order.id,
      // docs/requirements.md §13: the shop's own mail, which no limit holds.
      cause: { by: 'shop' },
    });

    const mail = await deliver(jobs[0]!);
    expect(mail?.to).toBe(BUYER_EMAIL);
    expect(mail?.subject).toBe('Your invoice KK/26-27/0001');
    const text = wordsOf(mail!.text);
    expect(text).toContain('Dear Asha Rao,');
    expect(text).toContain(
      `Your tax invoice KK/26-27/0001 for order ${order.orderNumber} is attached.`,
    );
    expect(text).toContain('Total: ₹3,024');
    // Her private link to the quotation page.
    expect(text).toMatch(new RegExp(`/quotes/${request!.reference}\\?key=\\S+`));
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({
      filename: 'Tax-Invoice-KK-26-27-0001.pdf',
      contentType: 'application/pdf',
    });
    expect(attachment!.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('mails the invoice "Mark as Shipped" issues, and nothing for one it refuses', async () => {
    const { db } = database;
    const { order } = await paidOrder({ status: 'processing' });
    const shipped = await documentMailsOf(() =>
      applyOrderAction(db, owner, { orderId: order.id, action: 'ship' }, site, NOVEMBER),
    );
    expect(shipped).toHaveLength(1);
    const mail = await deliver(shipped[0]!);
    expect(mail?.subject).toMatch(/^Your invoice KK\/26-27\/\d{4}$/);
    expect(mail?.attachments?.[0]?.filename).toMatch(/^Tax-Invoice-KK-26-27-\d{4}\.pdf$/);

    // A piece without its HSN code: refused, with what to do, and no mail.
    const lacking = await paidOrder({ productId: noHsnId });
    const refused = await documentMailsOf(() =>
      expect(
        issueInvoice(db, owner, { orderId: lacking.order.id }, site, NOVEMBER),
      ).rejects.toMatchObject({
        message: invoiceTexts.missingHsn(['Makrana marble elephant pair']),
      }),
    );
    expect(refused).toEqual([]);
    const lackingShipped = await paidOrder({ status: 'processing', productId: noHsnId });
    expect(
      await documentMailsOf(() =>
        expect(
          applyOrderAction(
            db,
            owner,
            { orderId: lackingShipped.order.id, action: 'ship' },
            site,
            NOVEMBER,
          ),
        ).rejects.toMatchObject({ code: 'conflict' }),
      ),
    ).toEqual([]);
  });

  it('mails no one for an order made without a quotation', async () => {
    const { order } = await paidOrder({ fromQuotation: false });
    expect(
      await documentMailsOf(() =>
        issueInvoice(database.db, owner, { orderId: order.id }, site, NOVEMBER),
      ),
    ).toEqual([]);
  });

  it('mails the buyer the credit note with its PDF in the refund’s mail when her invoiced order is cancelled', async () => {
    const { db } = database;
    const { order } = await paidOrder();
    const invoice = await issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER);
    let creditNoteNumber: string | null = null;
    const jobs = await documentMailsOf(async () => {
      creditNoteNumber = (
        await refundOrder(
          db,
          owner,
          {
            orderId: order.id,
            action: 'cancel',
            refund: { amount: '1512', method: 'bank transfer', reference: 'NEFT000123' },
          },
          site,
          new Date('2026-12-02T05:30:00Z'),
        )
      ).creditNoteNumber;
    });
    expect(creditNoteNumber).toMatch(/^KKC\/26-27\/\d{4}$/);
    // docs/requirements.md §24: one mail, the refund's, carries the credit note; none of its own.
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({
      event: 'order-refunded',
      to: 'customer',
      orderId: order.id,
      cause: { by: 'shop' },
    });

    const mail = await deliver(jobs[0]!);
    expect(mail?.to).toBe(BUYER_EMAIL);
    expect(mail?.subject).toBe(`Refund of ₹1,512 for ${order.orderNumber}`);
    expect(wordsOf(mail!.text)).toContain(`Credit note ${creditNoteNumber} is attached.`);
    expect(invoice.number).toMatch(/^KK\/26-27\//);
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments!;
    expect(attachment).toMatchObject({
      filename: `Credit-Note-${creditNoteNumber!.replaceAll('/', '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(attachment!.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('attaches each confirmed payment’s receipt voucher, or receipt, to its payment mail', async () => {
    const { db } = database;
    const { order } = await paidOrder();
    // The same order, as accepted: an advance of ₹1,512 by bank transfer, not yet confirmed.
    await db.execute(
      sql`update orders set status = 'pending', payment_status = null, advance_minor = 151200 where id = ${order.id}`,
    );
    const paymentMails = async (action: () => Promise<unknown>) => {
      const before = new Set((await mailJobs()).map((job) => job.id));
      await action();
      return (await mailJobs()).filter(
        (job) =>
          !before.has(job.id) &&
          job.data.kind === 'quotation-event' &&
          job.data.event.endsWith('-confirmed'),
      );
    };
    const [advanceMail] = await paymentMails(() =>
      applyOrderAction(
        db,
        owner,
        { orderId: order.id, action: 'confirm-payment', paymentReference: 'UTR7001' },
        site,
        NOVEMBER,
      ),
    );
    const advance = await deliver(advanceMail!);
    // Received before the invoice: its receipt voucher.
    expect(advance!.attachments).toEqual([
      {
        filename: 'Receipt-Voucher-KKR-26-27-0001.pdf',
        contentType: 'application/pdf',
        content: expect.any(Buffer),
      },
    ]);
    expect(advance!.attachments![0]!.content.subarray(0, 4).toString()).toBe('%PDF');

    await issueInvoice(db, owner, { orderId: order.id }, site, NOVEMBER);
    const [balanceMail] = await paymentMails(() =>
      applyOrderAction(
        db,
        owner,
        { orderId: order.id, action: 'confirm-balance', paymentReference: 'UTR7002' },
        site,
        NOVEMBER,
      ),
    );
    const balance = await deliver(balanceMail!);
    // After the invoice: the balance's receipt.
    expect(balance!.attachments?.map((attachment) => attachment.filename)).toEqual([
      `Receipt-${order.orderNumber}-Balance.pdf`,
    ]);
  });
});
