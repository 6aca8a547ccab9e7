/**
 * The texts of the shop's information pages. Edit freely: the pages render what is here.
 * Facts marked "spec §9" are the shop's stated policies; change them only when the policy changes.
 * Each page's `updatedAt` (ISO date) is its <lastmod> in /sitemap.xml: set it when you edit it.
 */

export interface QuestionAndAnswer {
  question: string;
  answer: string;
}

export interface TextSection {
  heading: string;
  paragraphs: string[];
}

export const aboutPage = {
  title: 'Our Story',
  lead: 'We bring the work of India’s stone carvers, brass casters and crystal cutters to homes and businesses around the world, one made-to-order piece at a time.',
  updatedAt: '2026-11-22',
  story: [
    'Kalakriti began in Banswara, in the green-marble country of southern Rajasthan, when a family of stone turners asked us to help them sell beyond their town. Today we work with more than forty workshops across Rajasthan, Uttar Pradesh, Gujarat and Tamil Nadu.',
    'We do not keep a warehouse of mass-made stock. Every piece is made or finished to order by the artisans who designed it, and every order begins with a conversation: what you need, how many, and by when.',
  ],
  craftsmanship: [
    'Marble is turned on lathes and polished by hand with water and fine stone. Brass is cast by the lost-wax method and chased with small chisels. Soapstone jaali is cut with hand drills, one opening at a time. These techniques take years to learn, and they are what make each piece its own.',
  ],
  mission: [
    {
      heading: 'Quality and authenticity',
      text: 'Every piece is handmade by the artisans we name, from the materials we describe, and checked by us before it is packed.',
    },
    {
      heading: 'Curated collection',
      text: 'We choose pieces for their craft and their use, not to fill a catalogue, and we retire designs the artisans no longer make well.',
    },
    {
      heading: 'Seamless experience',
      text: 'One quotation covers the pieces, the customisation, packing and delivery, so there are no surprises between your request and your door.',
    },
  ],
  reasons: [
    'Made to order by named artisan families, not mass-produced',
    'Custom sizes, finishes and engraving for homes, hotels and gifting',
    'A quotation within one business day, with samples on request',
    'Careful export packing and tracked delivery',
  ],
};

export const customisationsPage = {
  title: 'Customisations',
  lead: 'Designers, retailers and hotels work with our artisans on custom sizes, finishes and engravings. Tell us what you have in mind and we will quote for it.',
  updatedAt: '2026-11-22',
  whatsappMessage: 'Hello! I would like to discuss a custom order.',
  // spec §9: custom orders
  facts: [
    { label: 'Minimum order', value: 'Typically 20-50 units' },
    { label: 'Sample', value: '10-15 days' },
    { label: 'Bulk production', value: '3-6 weeks' },
  ],
  questions: [
    {
      question: 'What can be customised?',
      answer:
        'Size, finish, colour of stone or metal, inlay patterns, and engraving of names, logos or dates. Most of our designs can be adapted; tell us what you need.',
    },
    {
      question: 'What is the minimum order for a custom piece?',
      answer:
        'Typically 20-50 units, depending on the piece and the work involved. Single commissions are possible for larger sculptures.',
    },
    {
      question: 'Can I see a sample before the full order?',
      answer:
        'Yes. A sample takes 10-15 days to make and ship, and its cost is credited against the bulk order.',
    },
    {
      question: 'How long does bulk production take?',
      answer: 'Usually 3-6 weeks after the sample is approved, depending on quantity and material.',
    },
    {
      question: 'Can you engrave our logo?',
      answer:
        'We engrave or inlay logos on marble, brass and wood. Send us a vector file and we will show you a proof first.',
    },
    {
      question: 'Do you work with interior designers and hotels?',
      answer:
        'Often. We supply hotels, restaurants and designers with matched sets, and can hold stock for phased deliveries.',
    },
    {
      question: 'Can you make corporate gifts?',
      answer:
        'Yes: boxed coasters, diyas, paperweights and desk pieces with your branding, packed for individual delivery if you need it.',
    },
    {
      question: 'How is a custom order priced?',
      answer:
        'Every custom order is quoted: the price depends on material, size, quantity and finishing. The quotation covers packing and delivery.',
    },
    {
      question: 'How do I pay for a custom order?',
      answer:
        'Usually half on approval of the sample and half before dispatch, by UPI or bank transfer. See Payment Methods for details.',
    },
    {
      question: 'Can a custom piece be returned?',
      answer:
        'Custom items cannot be returned, which is why we make and approve a sample with you first.',
    },
  ] satisfies QuestionAndAnswer[],
};

export const contactPage = {
  title: 'Contact Us',
  lead: 'Questions about a piece, a custom order or a quotation? Write to us and we will reply within 24 hours.',
  updatedAt: '2026-11-23',
};

export const faqPage = {
  title: 'Frequently Asked Questions',
  lead: 'Quick answers about ordering, delivery and caring for handmade pieces.',
  updatedAt: '2026-11-22',
  questions: [
    {
      question: 'How do I buy a piece?',
      answer:
        'Choose Get Quote on any product and tell us the quantity and any customisation. We reply with a quotation, usually within one business day.',
    },
    {
      question: 'Why is there no cart?',
      answer:
        'Every piece is made or finished to order, so we confirm availability, customisation and delivery with you before you pay.',
    },
    {
      question: 'How long does delivery take?',
      answer:
        'Standard delivery takes 5-7 business days, express 2-3 and international 10-15, after 1-2 business days of processing.',
    },
    {
      question: 'Will my piece look exactly like the photograph?',
      answer:
        'Natural stone and handwork vary: veining, colour and small marks make every piece its own. That is the nature of handmade work, not a flaw.',
    },
    {
      question: 'Can I return an item?',
      answer:
        'Yes, within 30 days of delivery if it is unused and in its original packaging; return shipping is paid by the customer. Custom items cannot be returned.',
    },
  ] satisfies QuestionAndAnswer[],
};

export const shippingPage = {
  title: 'Shipping & Returns',
  lead: 'How we pack, ship and take back our pieces.',
  updatedAt: '2026-11-22',
  // spec §9: shipping and returns
  sections: [
    {
      heading: 'Delivery times',
      paragraphs: [
        'Standard delivery: 5-7 business days.',
        'Express delivery: 2-3 business days.',
        'International delivery: 10-15 business days.',
        'Orders are processed in 1-2 business days.',
        'In the US, dispatch takes 2-3 business days and delivery 5-7 business days.',
        'We ship to the US and Canada.',
      ],
    },
    {
      heading: 'Returns',
      paragraphs: [
        'Returns are accepted within 30 days of delivery, when the item is unused and in its original packaging.',
        'Return shipping is paid by the customer.',
      ],
    },
    {
      heading: 'Exchanges',
      paragraphs: [
        'Exchanges are possible within 30 days of delivery.',
        'Custom items cannot be returned or exchanged.',
      ],
    },
  ] satisfies TextSection[],
};

export const privacyPage = {
  title: 'Privacy Policy',
  lead: 'What we collect, why, and what you can ask of us.',
  updatedAt: '2026-11-22',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'When you request a quotation, send a message or create an account, we keep the details you give us: your name, phone number, e-mail address, company and delivery addresses, and what you asked for.',
        'We keep a record of your orders and quotations so we can deliver them and answer questions about them.',
      ],
    },
    {
      heading: 'How we use it',
      paragraphs: [
        'Only to answer your requests, deliver your orders and, if you subscribed, send our newsletter. We do not sell or rent your details to anyone.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'We use a session cookie to keep you signed in, and your browser’s local storage to remember your shop filters. We use no advertising or tracking cookies.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can ask us at any time for a copy of your details, to correct them, or to delete your account and its data. Write to us through the contact page.',
      ],
    },
  ] satisfies TextSection[],
};

export const termsPage = {
  // spec §2 Static pages
  title: 'Terms & Conditions',
  lead: 'The terms on which we quote, make and deliver our pieces.',
  updatedAt: '2026-11-23',
  sections: [
    {
      heading: 'Quotations',
      paragraphs: [
        'A quotation states the pieces, quantities, customisation, price, delivery and validity. An order is confirmed when you accept the quotation and we confirm your payment.',
      ],
    },
    {
      heading: 'Handmade goods',
      paragraphs: [
        'Our pieces are made by hand from natural materials. Small variations in colour, veining, size and finish are part of their character and are not defects.',
      ],
    },
    {
      heading: 'Delivery and returns',
      paragraphs: [
        'Delivery times and the return policy are described on the Shipping & Returns page and form part of these terms.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We pack every piece for safe transit. If a piece arrives damaged, tell us within 48 hours with photographs and we will repair, replace or refund it.',
      ],
    },
  ] satisfies TextSection[],
};

export const paymentPage = {
  title: 'Payment Methods',
  lead: 'Every order starts as a quotation; you pay once you have accepted it.',
  updatedAt: '2026-11-22',
  steps: [
    'Request a quotation for the pieces you want.',
    'Accept the quotation we send you; it states the total, including packing and delivery.',
    'Pay by UPI or bank transfer using the details below, quoting your order number.',
    'We confirm the payment and start making your order.',
  ],
};
