import { NewsletterForm } from '../community/newsletter-form';
import { CurrencyPicker } from '../currency/currency-picker';
import { SiteFooter } from './site-footer';
import type { CategoryLink } from './site-header';

/** The storefront's footer with its newsletter form (spec §2), as the root renders it. */
export function PageFooter(props: {
  shopName: string;
  categories: readonly CategoryLink[];
  tagline: string;
  socialUrl: string;
  socialLabel: string;
}) {
  return (
    <SiteFooter
      {...props}
      newsletter={<NewsletterForm source="footer" tone="dark" />}
      currency={<CurrencyPicker place="footer" />}
    />
  );
}
