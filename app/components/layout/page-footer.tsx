import { NewsletterForm } from '../community/newsletter-form';
import { CurrencyPicker } from '../currency/currency-picker';
import { SiteFooter, type FooterSocialLink } from './site-footer';
import type { CategoryLink } from './site-header';

/** The storefront's footer with its newsletter form (spec §2), as the root renders it. */
export function PageFooter(props: {
  shopName: string;
  categories: readonly CategoryLink[];
  tagline: string;
  socialLinks: readonly FooterSocialLink[];
  year: string | null;
}) {
  return (
    <SiteFooter
      {...props}
      newsletter={<NewsletterForm source="footer" tone="dark" />}
      currency={<CurrencyPicker place="footer" />}
    />
  );
}
