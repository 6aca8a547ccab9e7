/**
 * One realistic set of props for every mail template (docs/requirements.md §13), for the template tests and
 * the screenshots. Typed by template name, so a new template without a sample fails typecheck.
 */
import type {
  MailShop,
  MailTemplateName,
  MailTemplateProps,
} from '../../server/mail/templates/props';

export const sampleShop: MailShop = {
  name: 'Kalakriti',
  email: 'hello@kalakriti.in',
  phone: '+91 98290 12345',
  whatsappNumber: '919829012345',
  address: '14 Johari Bazar, Near Hawa Mahal, Jaipur 302003, Rajasthan, India',
  publicUrl: 'https://kalakriti.in',
};

const publicUrl = sampleShop.publicUrl;
const reference = 'Q-20261126-0001';
const quotationUrl = `${publicUrl}/quotes/${reference}?key=k7Xq2LmN9pR4sT8vW1yZ3aB6cD0eF5gH`;
const adminUrl = `${publicUrl}/admin/quotations/5f0c2a9e-8d41-4b7a-9e36-2c1f7d8a4b10`;

/** The marker the unverified confirmation must never carry (docs/requirements.md §15). */
export const REQUESTER_NOTES_MARKER = 'MARKER-requester-notes-7f3a';

const requester = {
  name: 'Ananya Iyer',
  company: 'Iyer Interiors LLP',
  mobile: '+91 98450 67812',
  email: 'ananya@iyerinteriors.in',
  gstin: '08AAECI1234F1ZY',
};

/** docs/requirements.md §18: a hotel lobby's set from the quote list, four pieces, notes on two of them. */
const pieces = [
  {
    name: 'Floral Inlay Marble Urli',
    productUrl: `${publicUrl}/product/floral-inlay-marble-urli`,
    quantity: 20,
    notes: 'A darker polish, please.\nFloating candles in each.',
  },
  {
    name: 'Hand-carved Sheesham Jharokha Mirror',
    productUrl: `${publicUrl}/product/hand-carved-sheesham-jharokha-mirror`,
    quantity: 6,
    notes: null,
  },
  {
    name: 'Blue Pottery Planter, large',
    productUrl: `${publicUrl}/product/blue-pottery-planter-large`,
    quantity: 12,
    notes: "In the lobby's teal, not the catalogue's blue",
  },
  {
    name: 'Brass Dhokra Elephant Pair with lotus-inlaid howdah',
    productUrl: `${publicUrl}/product/brass-dhokra-elephant-pair`,
    quantity: 4,
    notes: null,
  },
];

/** docs/requirements.md §24 "Returns": the pieces of a delivered order the buyer sends back. */
const returnedPieces = [
  { productName: 'Blue Pottery Planter, large', quantity: 2 },
  { productName: 'Hand-carved Sheesham Jharokha Mirror', quantity: 1 },
];

export const mailSamples: { [Name in MailTemplateName]: MailTemplateProps[Name] } = {
  'quotation-request-owner': {
    reference,
    pieces,
    notes: 'Matching set for a hotel lobby.\nPlease use a darker polish on the urlis.',
    requester,
    adminUrl,
  },
  'quotation-request-customer': {
    reference,
    // The requester's words, each marked, for the test that they stay out of this mail.
    pieces: pieces.map((piece) =>
      piece.notes ? { ...piece, notes: `${REQUESTER_NOTES_MARKER} ${piece.notes}` } : piece,
    ),
    notes: `${REQUESTER_NOTES_MARKER} <b>please</b> call me at my office`,
    requester: null,
    quotationUrl,
    claimUrl: `${quotationUrl}#add-to-account`,
  },
  'contact-message-owner': {
    name: 'Rohan Mehta',
    email: 'rohan.mehta@example.com',
    subject: 'Custom size for the Dhokra elephants',
    message:
      'Hello,\n\nCould the brass Dhokra elephants be made 45 cm tall for our restaurant?\n\nThanks,\nRohan',
    adminUrl: `${publicUrl}/admin?tab=messages`,
  },
  'callback-request-owner': {
    phoneNumber: '+91 99876 54321',
    adminUrl: `${publicUrl}/admin?tab=callbacks`,
  },
  'newsletter-welcome': {
    unsubscribeUrl: `${publicUrl}/newsletter/unsubscribe?token=bmV3c2xldHRlci5hbmFueWFAaXllcmludGVyaW9ycy5pbg.c2lnbmF0dXJl`,
    shopUrl: `${publicUrl}/shop`,
  },
  'webhook-endpoint-disabled': {
    url: 'https://erp.iyerinteriors.in/integrations/kalakriti/webhooks/quotation-events',
    failingSince: '2026-11-23T04:30:00.000Z',
    adminUrl: `${publicUrl}/admin/api`,
  },
  'daily-digest': {
    total: 5,
    requests: [
      {
        reference: 'Q-20261123-0004',
        customerName: 'Ananya Iyer',
        productName: 'Floral Inlay Marble Urli',
        waited: '3 days',
        adminUrl: `${publicUrl}/admin/quotations/0b6a3c7e-1f2d-4e5a-8b9c-0d1e2f3a4b5c`,
      },
      {
        reference: 'Q-20261125-0002',
        customerName: 'Rohan Mehta',
        productName: 'Brass Dhokra Elephant Pair',
        waited: '1 day',
        adminUrl: `${publicUrl}/admin/quotations/9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d`,
      },
      {
        reference: 'Q-20261126-0001',
        customerName: 'Meera Krishnan',
        productName: 'Blue Pottery Planter, large',
        waited: '5 hours',
        adminUrl: `${publicUrl}/admin/quotations/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f`,
      },
    ],
    listUrl: `${publicUrl}/admin?tab=quotations`,
    unshippedOrders: 2,
    ordersUrl: `${publicUrl}/admin?tab=orders`,
    returnsRequested: 1,
    returnsUrl: `${publicUrl}/admin?tab=orders&status=return_requested`,
    settingsUrl: `${publicUrl}/admin/settings`,
  },
  'offer-sent-customer': {
    customerName: 'Ananya Iyer',
    reference,
    requestedPieces: 'Floral Inlay Marble Urli and 3 more pieces',
    offer: {
      version: 2,
      lines: [
        {
          description: 'Floral Inlay Marble Urli',
          quantity: 20,
          unitPriceMinor: 230_000,
          lineTotalMinor: 4_600_000,
        },
        {
          description: 'Hand-carved Sheesham Jharokha Mirror',
          quantity: 6,
          unitPriceMinor: 850_000,
          lineTotalMinor: 5_100_000,
        },
        {
          description: 'Blue Pottery Planter, large',
          quantity: 12,
          unitPriceMinor: 185_000,
          lineTotalMinor: 2_220_000,
        },
        {
          description: 'Brass Dhokra Elephant Pair with lotus-inlaid howdah',
          quantity: 4,
          unitPriceMinor: 1_475_000,
          lineTotalMinor: 5_900_000,
        },
      ],
      subtotalMinor: 17_820_000,
      discountMinor: 820_000,
      shippingMinor: 650_000,
      gstRateBasisPoints: 1200,
      gstMinor: 2_118_000,
      totalMinor: 19_768_000,
      validUntil: '2026-12-10',
      leadTimeDays: 21,
      advancePercent: 50,
      terms: 'Prices include packing.\nReturns within 7 days of delivery, in the original packing.',
      note: 'Revised: the brass elephants at ₹14,750 a pair, as you asked.',
    },
    // docs/requirements.md §21: the account chose US$ at ₹83.50
    displayRate: { currency: 'USD', rate: 835_000, setOn: '2026-11-27' },
    quotationUrl,
  },
  'offer-withdrawn-customer': {
    customerName: 'Ananya Iyer',
    reference,
    requestedPieces: 'Floral Inlay Marble Urli and 3 more pieces',
    version: 2,
    quotationUrl,
  },
  'shop-message-customer': {
    customerName: 'Ananya Iyer',
    reference,
    body: 'Namaste Ananya,\n\nThe darker polish is possible; we have added it to offer v2.\nThe artisans can start next week.',
    quotationUrl,
  },
  'customer-message-owner': {
    reference,
    customerName: 'Ananya Iyer',
    requestedPieces: 'Hand-carved Sheesham Jharokha Mirror and 1 more piece',
    kind: 'changes-requested',
    offerVersion: 2,
    body: 'Could the mirrors be 90 cm instead of 75 cm?\nThe rest is fine.',
    adminUrl,
  },
  'offer-accepted-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    totalMinor: 19_768_000,
    paymentMethod: 'upi',
    // docs/requirements.md §21: a 50% advance, under the ₹1,00,000 UPI limit
    amountDueMinor: 9_884_000,
    balanceMinor: 9_884_000,
    upiUrl: 'upi://pay?pa=kalakriti%40okaxis&pn=Kalakriti&am=98840.00&cu=INR&tn=ORD-20261127-0042',
    upiOverLimit: null,
    upiId: 'kalakriti@okaxis',
    bankDetails:
      'Kalakriti Handicrafts Pvt Ltd\nHDFC Bank, MI Road, Jaipur\nAccount 50200012345678\nIFSC HDFC0000123',
    quotationUrl,
    displayRate: null,
  },
  'advance-confirmed-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    advanceMinor: 9_884_000,
    balanceMinor: 9_884_000,
    paymentMethod: 'upi',
    upiUrl: 'upi://pay?pa=kalakriti%40okaxis&pn=Kalakriti&am=98840.00&cu=INR&tn=ORD-20261127-0042',
    upiOverLimit: null,
    upiId: 'kalakriti@okaxis',
    bankDetails:
      'Kalakriti Handicrafts Pvt Ltd\nHDFC Bank, MI Road, Jaipur\nAccount 50200012345678\nIFSC HDFC0000123',
    quotationUrl,
    displayRate: null,
  },
  'balance-confirmed-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    balanceMinor: 9_884_000,
    totalMinor: 19_768_000,
    quotationUrl,
    displayRate: null,
  },
  'offer-accepted-owner': {
    reference,
    customerName: 'Ananya Iyer',
    version: 2,
    orderNumber: 'ORD-20261127-0042',
    totalMinor: 19_768_000,
    paymentMethod: 'bank transfer',
    adminUrl,
  },
  'offer-expiring-customer': {
    customerName: 'Ananya Iyer',
    reference,
    requestedPieces: 'Floral Inlay Marble Urli and 3 more pieces',
    version: 2,
    totalMinor: 19_768_000,
    validUntil: '2026-12-10',
    quotationUrl,
    displayRate: null,
  },
  'offer-expired-customer': {
    customerName: 'Ananya Iyer',
    reference,
    requestedPieces: 'Floral Inlay Marble Urli and 3 more pieces',
    version: 2,
    validUntil: '2026-12-10',
    quotationUrl,
  },
  'offer-expired-owner': {
    reference,
    customerName: 'Ananya Iyer',
    requestedPieces: 'Floral Inlay Marble Urli and 3 more pieces',
    version: 2,
    validUntil: '2026-12-10',
    adminUrl,
  },
  // docs/requirements.md §21: the advance of an order paid in two parts
  'payment-reference-owner': {
    reference,
    customerName: 'Ananya Iyer',
    orderNumber: 'ORD-20261127-0042',
    payment: 'advance',
    totalMinor: 9_884_000,
    paymentMethod: 'upi',
    paymentReference: '433512987654',
    adminUrl,
  },
  'payment-confirmed-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    totalMinor: 19_768_000,
    quotationUrl,
    displayRate: null,
  },
  // docs/requirements.md §24: the first of two shipments, with a photo of its packed boxes and the
  // order's invoice attached.
  'order-shipped-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    carrierName: 'Blue Dart',
    trackingNumber: '12345678901',
    trackingUrl:
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=12345678901',
    dispatchedOn: '2026-11-30',
    boxes: 2,
    pieces: [
      { productName: 'Floral Inlay Marble Urli', quantity: 20 },
      { productName: 'Hand-carved Sheesham Jharokha Mirror', quantity: 6 },
    ],
    everyPieceShipped: false,
    photoUrl: 'https://kalakriti.example/media/8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f-800.webp',
    invoiceNumber: 'KK/26-27/0042',
    quotationUrl,
  },
  // docs/requirements.md §24: the shop marked the order delivered.
  'order-delivered-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    deliveredOn: '2026-12-03',
    confirmedBy: 'shop',
    quotationUrl,
  },
  // docs/requirements.md §24: the first of two refunds on the cancelled order, half of what was paid.
  'order-refunded-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    amountMinor: 12_460_000,
    methodLabel: 'UPI',
    refundReference: 'UTR612345678901',
    refundedOn: '2026-12-02',
    fullyRefunded: false,
    refundedTotalMinor: 12_460_000,
    receivedMinor: 24_920_000,
    creditNoteNumber: null,
    returnedPieces: null,
    quotationUrl,
    displayRate: null,
  },
  // docs/requirements.md §24 "Returns": two kinds of pieces of the delivered order, with two photos.
  'return-requested-owner': {
    customerName: 'Ananya Iyer',
    orderNumber: 'ORD-20261127-0042',
    pieces: returnedPieces,
    reason:
      'Two of the planters arrived with chipped rims.\nThe mirror is smaller than the lobby wall needs.',
    photoUrls: [
      `${publicUrl}/media/7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b-800.webp`,
      `${publicUrl}/media/8b2d3f4a-5c6e-4f7a-9b0c-1d2e3f4a5b6c-800.webp`,
    ],
    adminUrl: `${publicUrl}/admin?tab=orders&q=ORD-20261127-0042`,
  },
  'return-approved-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    pieces: returnedPieces,
    instructions:
      'Pack the pieces in their original boxes and send them to:\nKalakriti Returns, 14 Johari Bazar, Jaipur 302003.\nWrite ORD-20261127-0042 on each box.',
    quotationUrl,
  },
  'return-declined-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    pieces: returnedPieces,
    reason:
      'The mirror was cut to the size in your offer.\nThe chips on the planters are the glaze of hand-made blue pottery.',
    quotationUrl,
  },
  // docs/requirements.md §24 "Making-of updates": a note in two paragraphs with the first of three photos.
  'production-update-customer': {
    customerName: 'Ananya Iyer',
    reference,
    orderNumber: 'ORD-20261127-0042',
    note: 'The marble for your urli is cut and the inlay is half done.\n\nThe artisans expect to finish polishing next week.',
    photoUrl: 'https://kalakriti.example/media/3f1e8b5a-1111-4222-8333-444455556666-800.webp',
    photoCount: 3,
    postedOn: '2026-12-02',
    quotationUrl,
  },
  // docs/requirements.md §23: the buyer's GST documents, each mailed with its PDF.
  'invoice-issued-customer': {
    customerName: 'Ananya Iyer',
    reference,
    invoiceNumber: 'KK/26-27/0042',
    orderNumber: 'ORD-20261127-0042',
    totalMinor: 19_768_000,
    quotationUrl,
    displayRate: null,
  },
  'credit-note-issued-customer': {
    customerName: 'Ananya Iyer',
    reference,
    creditNoteNumber: 'KKC/26-27/0003',
    orderNumber: 'ORD-20261127-0042',
    invoiceNumber: 'KK/26-27/0042',
    reason: 'Order cancelled',
    quotationUrl,
  },
  // docs/requirements.md §18 "Merge Requests": three requests of one project, kept as one.
  'quotation-merged-customer': {
    customerName: 'Ananya Iyer',
    reference,
    mergedReferences: ['Q-20261126-0002', 'Q-20261126-0003'],
    pieces: [
      ...pieces.map((piece) => ({ ...piece, notes: null })),
      {
        name: 'Brass Peacock Diya',
        productUrl: `${publicUrl}/product/brass-peacock-diya`,
        quantity: 40,
        notes: null,
      },
    ],
    quotationUrl,
  },
  'price-drop-customer': {
    productName: 'Floral Inlay Marble Urli',
    productUrl: `${publicUrl}/product/floral-inlay-marble-urli`,
    priceMinor: 14_950_000,
    thenPriceMinor: 18_200_000,
    unsubscribeUrl: `${publicUrl}/price-drop-alerts/unsubscribe?token=sample.token`,
    displayRate: null,
  },
  'reset-password': {
    url: `${publicUrl}/api/auth/reset-password/Zx81kQ3mTt0aPq?callbackURL=%2Fauth%2Freset-password`,
  },
  'verify-email': {
    url: `${publicUrl}/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFuYW55YUBleGFtcGxlLmluIn0.c2ln&callbackURL=%2Fdashboard`,
  },
  'confirm-new-email': {
    url: `${publicUrl}/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJuZXdFbWFpbCI6dHJ1ZX0.c2ln&callbackURL=%2Fdashboard%2Fsecurity`,
  },
  'sign-up-attempt': {
    email: 'ananya@iyerinteriors.in',
    signInUrl: `${publicUrl}/auth`,
    forgotPasswordUrl: `${publicUrl}/auth/forgot-password`,
  },
  'sign-in-code': { code: '493817' },
  'passkey-added': { passkeyName: 'My phone', securityUrl: `${publicUrl}/dashboard/security` },
};
