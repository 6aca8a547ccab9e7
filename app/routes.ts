import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// spec §2: the route table, plus /artisans and /payment (docs/design.md §5: no footer link may 404).
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx', { id: 'shop-all' }),
  route('shop/:category', 'routes/shop.tsx', { id: 'shop-category' }),
  route('product/:id', 'routes/product.tsx'),
  route('quote/:productId', 'routes/quote.tsx'),
  // docs/requirements.md §18: the buyer's quote list, several pieces in one request
  route('quote-list', 'routes/quote-list.tsx'),
  // docs/requirements.md §10: the private quote page and its offers' PDFs
  route('quotes/:reference', 'routes/quotes.tsx'),
  route('quotes/:reference/offers/:version.pdf', 'routes/quotes.offer-pdf.ts'),
  // docs/requirements.md §23: a tax invoice's or credit note's PDF, for the owner and the order's buyer
  route('documents/:id.pdf', 'routes/documents.pdf.ts'),
  route('orders/:orderId/:paper.pdf', 'routes/order-papers.pdf.ts'),
  route('search/suggestions', 'routes/search.suggestions.ts'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('welcome-lead', 'routes/welcome-lead.ts'),
  route('newsletter/unsubscribe', 'routes/newsletter.unsubscribe.tsx'),
  // docs/requirements.md §21: the price-drop mail's unsubscribe link
  route('price-drop-alerts/unsubscribe', 'routes/price-drop-alerts.unsubscribe.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/sign-out', 'routes/auth.sign-out.ts'),
  route('auth/forgot-password', 'routes/auth.forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth.reset-password.tsx'),
  route('auth/code', 'routes/auth.code.tsx'),
  route('auth/two-factor', 'routes/auth.two-factor.tsx'),
  // docs/requirements.md §19: the first-run setup of the owner account, by the link printed at start-up
  route('setup', 'routes/setup.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('dashboard/security', 'routes/dashboard.security.tsx'),
  route('wishlist', 'routes/wishlist.ts'),
  // docs/requirements.md §21: the header's and footer's currency picker (a plain form)
  route('currency', 'routes/currency.ts'),
  // docs/requirements.md §12: every admin page sits in the back office's own shell, not the storefront's
  layout('routes/admin-shell.tsx', [
    route('admin', 'routes/admin.tsx'),
    route('admin/quotations/:id', 'routes/admin.quotations.tsx'),
    route('admin/api', 'routes/admin.api.tsx'),
    route('admin/product-media', 'routes/admin.product-media.tsx'),
    route('admin/settings', 'routes/admin.settings.tsx'),
    route('admin/activity', 'routes/admin.activity.tsx'),
    route('admin/jobs', 'routes/admin.jobs.tsx'),
    route('admin/subscribers', 'routes/admin.subscribers.tsx'),
    // docs/requirements.md §23: the GST documents of a month or quarter
    route('admin/invoices', 'routes/admin.invoices.tsx'),
    // docs/requirements.md §20: what shoppers searched for and did not find, and the synonyms added from it
    route('admin/searches', 'routes/admin.searches.tsx'),
  ]),
  route('admin/quotations/:id/whatsapp', 'routes/admin.quotations.whatsapp.ts'),
  route('admin/product-media/import', 'routes/admin.media-import.ts'),
  route('admin/product-media/export.csv', 'routes/admin.media-export.ts'),
  // docs/requirements.md §12: each list's "Export CSV", outside the shell (a file, not a page)
  route('admin/invoices/gstr1.zip', 'routes/admin.invoices.gstr1.ts'),
  // docs/requirements.md §24: a shipment's packing list
  route('admin/shipments/:id/packing-list.pdf', 'routes/admin.shipments.packing-list.pdf.ts'),
  route('admin/export/quotations.csv', 'routes/admin.export.quotations.ts'),
  route('admin/export/orders.csv', 'routes/admin.export.orders.ts'),
  route('admin/export/messages.csv', 'routes/admin.export.messages.ts'),
  route('admin/export/subscribers.csv', 'routes/admin.export.subscribers.ts'),
  route('about', 'routes/about.tsx'),
  route('customisations', 'routes/customisations.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:storyId', 'routes/blog.story.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('shipping', 'routes/shipping.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('artisans', 'routes/artisans.tsx'),
  route('payment', 'routes/payment.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
