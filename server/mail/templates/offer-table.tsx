/**
 * An offer's lines and totals in a mail (docs/requirements.md §10, §13), as the page and the PDF show
 * them, stacked to read on a 320 px screen.
 */
import type { CSSProperties } from 'react';
import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { formatLongDate } from '../../../core/time/dates';
import { lineText } from '../../../core/quotes/line-text';
import { offerTotalRows } from '../../../core/quotes/offer-totals';
import { returnTexts } from '../../../core/orders/return-status';
import { colours, Line, PLAIN_TEXT_ATTRIBUTE, textStyles } from './layout';
import { Paragraph } from './mail-parts';
import type { MailOffer } from './props';
import { approximateText, type DisplayRate } from '../../../core/money/display-amount';

function AmountRow({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) {
  const cell: CSSProperties = {
    ...textStyles.paragraph,
    margin: 0,
    padding: strong ? '10px 0 4px' : '3px 0',
    fontWeight: strong ? 700 : 400,
    borderTop: strong ? `1px solid ${colours.stone}` : undefined,
  };
  return (
    <Row {...{ [PLAIN_TEXT_ATTRIBUTE]: `${label}: ${amount}` }}>
      <Column className="mail-text mail-rule" style={cell}>
        {label}
      </Column>
      <Column
        align="right"
        className="mail-text mail-rule"
        style={{ ...cell, whiteSpace: 'nowrap', paddingLeft: '12px', width: '1%' }}
      >
        {amount}
      </Column>
    </Row>
  );
}

/**
 * An offer's lines and totals in the order the page and the PDF use (docs/requirements.md §10). docs/requirements.md §19: each
 * line is one full-width cell, the piece over "20 × ₹2,300 = ₹46,000" (core/quotes/line-text.ts, as on
 * the page), so it reads on a 320 px screen in any mail client, with no media query and no column
 * squeezed to one word a line.
 */
export function OfferTable({
  offer,
  displayRate = null,
}: {
  /** docs/requirements.md §24: a line may carry its "Made to order (not returnable)" mark. */
  offer: Omit<MailOffer, 'lines'> & {
    lines: (MailOffer['lines'][number] & { madeToOrder?: boolean })[];
  };
  /** docs/decisions/026: each line total and total with its approximation in this currency. */
  displayRate?: DisplayRate | null;
}) {
  const approximate = (paise: number) =>
    displayRate ? ` ${approximateText(paise, displayRate)}` : '';
  return (
    <Section>
      <Section className="mail-rule" style={{ borderTop: `1px solid ${colours.stone}` }}>
        {offer.lines.map((line, index) => (
          <Row
            key={index}
            {...{
              [PLAIN_TEXT_ATTRIBUTE]: `${line.description} — ${lineText(line)}${approximate(line.lineTotalMinor)}${line.madeToOrder ? ` · ${returnTexts.madeToOrder}` : ''}`,
            }}
          >
            <Column
              className="mail-rule"
              style={{
                borderBottom: `1px solid ${colours.stone}`,
                padding: '10px 0',
                verticalAlign: 'top',
              }}
            >
              <Line style={{ fontWeight: 600 }}>{line.description}</Line>
              {/* docs/requirements.md §24: the buyer reads, before accepting, which pieces cannot be returned. */}
              {line.madeToOrder ? (
                <Line muted style={{ marginTop: '2px' }}>
                  {returnTexts.madeToOrder}
                </Line>
              ) : null}
              <Line style={{ marginTop: '2px' }}>
                {`${lineText(line)}${approximate(line.lineTotalMinor)}`}
              </Line>
            </Column>
          </Row>
        ))}
      </Section>
      <Section style={{ paddingTop: '8px' }}>
        {offerTotalRows(offer).map((row) => (
          <AmountRow
            key={row.label}
            label={row.label}
            amount={`${row.amount}${approximate(row.minor)}`}
            strong={row.total}
          />
        ))}
      </Section>
      <Section style={{ paddingTop: '12px' }}>
        <Paragraph>{`Valid until ${formatLongDate(offer.validUntil)}`}</Paragraph>
        {offer.leadTimeDays !== null ? (
          <Paragraph>
            {`Made and dispatched within ${offer.leadTimeDays} ${offer.leadTimeDays === 1 ? 'day' : 'days'} of your order.`}
          </Paragraph>
        ) : null}
      </Section>
    </Section>
  );
}
