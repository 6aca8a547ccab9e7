/**
 * docs/requirements.md §21 "Price-drop alerts": the wisher's one mail when a piece on their wishlist is now
 * cheaper than when they added it: the piece, its link, and the link that turns the alerts off.
 */
import { formatRupeesWithApproximation } from '../../../core/money/display-currency';
import { priceDropHeading } from '../../../core/catalog/price-drop';
import { MailLayout, type MailTemplate } from './layout';
import { ButtonLink, ListEntry, MailHeading, Paragraph, TextLink } from './mail-parts';

export const priceDropCustomer: MailTemplate<'price-drop-customer'> = {
  subject: ({ priceMinor, thenPriceMinor }) => priceDropHeading(priceMinor, thenPriceMinor),
  render: (
    { productName, productUrl, priceMinor, thenPriceMinor, unsubscribeUrl, displayRate },
    shop,
  ) => {
    // docs/decisions/026: the prices with their approximation in the wisher's currency
    const now = formatRupeesWithApproximation(priceMinor, displayRate);
    const then = formatRupeesWithApproximation(thenPriceMinor, displayRate);
    return (
      // The layout's unsubscribe line names the newsletter: this mail's own link is in its body.
      <MailLayout shop={shop} preview={`${productName} is now ${now}.`}>
        <MailHeading>{priceDropHeading(priceMinor, thenPriceMinor)}</MailHeading>
        <ListEntry title={productName} detail={`Now ${now} · ${then} when you added it`}>
          <TextLink href={productUrl}>{`See ${productName}`}</TextLink>
        </ListEntry>
        <ButtonLink href={productUrl}>View the piece</ButtonLink>
        <Paragraph muted>
          You receive this because the piece is on your wishlist. To stop these e-mails:
        </Paragraph>
        <TextLink href={unsubscribeUrl}>Unsubscribe from price-drop e-mails</TextLink>
      </MailLayout>
    );
  },
};
