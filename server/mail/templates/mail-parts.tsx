/**
 * The parts the mail templates build with (docs/requirements.md §13): headings, paragraphs, the greeting,
 * quoted words, buttons and links, label–value details, lists, and the one-time code. Each carries
 * the classes layout.tsx repaints in dark mode.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { colours, fonts, Line, textStyles, withLineBreaks } from './layout';
import type { MailPiece, MailShop } from './props';

export function MailHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      className="mail-text"
      style={{
        ...textStyles.wrapping,
        fontFamily: fonts.heading,
        fontSize: '22px',
        lineHeight: '28px',
        fontWeight: 700,
        color: colours.ink,
        margin: '8px 0 16px',
      }}
    >
      {children}
    </Heading>
  );
}

export function SectionHeading({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h2"
      className="mail-text"
      style={{
        ...textStyles.wrapping,
        fontFamily: fonts.heading,
        fontSize: '18px',
        lineHeight: '24px',
        fontWeight: 700,
        color: colours.ink,
        margin: '24px 0 8px',
      }}
    >
      {children}
    </Heading>
  );
}

/**
 * A reference, order number or phone number kept on one line: "Q-20261126-" over "0001" reads as
 * two things.
 */
export function Unbroken({ children }: { children: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      className={muted ? 'mail-muted' : 'mail-text'}
      style={muted ? { ...textStyles.paragraph, color: colours.inkMuted } : textStyles.paragraph}
    >
      {children}
    </Text>
  );
}

/** "Dear {name}," on a customer's mail; nothing when the shop has no name to greet. */
export function Greeting({ name }: { name: string }) {
  return name.trim() ? <Paragraph>{`Dear ${name},`}</Paragraph> : null;
}

/** The old mails' closing line to a customer, with whichever of phone and e-mail the shop has. */
export function QuestionsParagraph({ shop }: { shop: MailShop }) {
  if (!shop.phone && !shop.email) return null;
  return (
    <Paragraph muted>
      {'Questions? '}
      {shop.phone ? (
        <>
          {'Call us on '}
          <Unbroken>{shop.phone}</Unbroken>
        </>
      ) : null}
      {shop.phone && shop.email ? ' or write' : shop.email ? 'Write' : null}
      {shop.email ? ` to ${shop.email}` : null}.
    </Paragraph>
  );
}

/** Words someone typed (a message, notes): escaped by React, with their line breaks kept. */
export function QuotedText({ children }: { children: string }) {
  return (
    <Text
      className="mail-text mail-quote"
      style={{
        ...textStyles.paragraph,
        whiteSpace: 'pre-line',
        backgroundColor: colours.sand,
        borderLeft: `3px solid ${colours.brass700}`,
        padding: '12px 14px',
      }}
    >
      {withLineBreaks(children)}
    </Text>
  );
}

/** A call to action: a real link, so it works where buttons do not and reads in plain text. */
export function ButtonLink({
  href,
  children,
  secondary = false,
}: {
  href: string;
  children: string;
  secondary?: boolean;
}) {
  const look: CSSProperties = secondary
    ? { color: colours.brass700, border: `1px solid ${colours.brass700}` }
    : { color: colours.ivory, backgroundColor: colours.brass700, border: `1px solid transparent` };
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button
        href={href}
        className={secondary ? 'mail-button-secondary' : 'mail-button'}
        style={{
          ...look,
          fontFamily: fonts.text,
          fontSize: '16px',
          fontWeight: 600,
          borderRadius: '6px',
          padding: '12px 20px',
          textAlign: 'center',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

/** A link on a line of its own, its text saying where it goes. */
export function TextLink({ href, children }: { href: string; children: string }) {
  return (
    <Text style={textStyles.paragraph}>
      <Link
        href={href}
        className="mail-accent"
        style={{ ...textStyles.paragraph, ...textStyles.link }}
      >
        {children}
      </Link>
    </Text>
  );
}

/** Label–value pairs, one a line ("Reference: Q-20261126-0001"); a null value reads "(none)". */
export function Details({ items }: { items: [label: string, value: string | null][] }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      {items.map(([label, value]) => (
        <Line key={label} style={{ marginBottom: '4px' }}>
          <strong>{`${label}:`}</strong> {value?.trim() ? value : '(none)'}
        </Line>
      ))}
    </Section>
  );
}

/**
 * The pieces of a request as the catalogue names them, each linked to its page in the shop, with
 * its quantity and, when the mail may carry them, the buyer's notes for it.
 */
export function PieceList({ pieces }: { pieces: MailPiece[] }) {
  return (
    <Section
      className="mail-rule"
      style={{ borderTop: `1px solid ${colours.stone}`, marginBottom: '16px' }}
    >
      {pieces.map((piece, index) => (
        <Section
          key={index}
          className="mail-rule"
          style={{ borderBottom: `1px solid ${colours.stone}`, padding: '10px 0' }}
        >
          <Line style={{ fontWeight: 600 }}>
            <Link href={piece.productUrl} className="mail-accent" style={textStyles.link}>
              {piece.name}
            </Link>
          </Line>
          <Line muted>{`Quantity: ${piece.quantity}`}</Line>
          {piece.notes?.trim() ? (
            // docs/requirements.md §18: each piece's own notes, under it, in the buyer's words and line breaks.
            <Line style={{ whiteSpace: 'pre-line', marginTop: '4px' }}>
              <strong>Notes:</strong> {withLineBreaks(piece.notes)}
            </Line>
          ) : null}
        </Section>
      ))}
    </Section>
  );
}

/** One entry of a list between rules: a bold title, a muted detail under it, then its link. */
export function ListEntry({
  title,
  detail,
  children,
}: {
  title: string;
  detail: string;
  children?: ReactNode;
}) {
  return (
    <Section
      className="mail-rule"
      style={{ borderTop: `1px solid ${colours.stone}`, padding: '10px 0 0' }}
    >
      <Line style={{ fontWeight: 600 }}>{title}</Line>
      <Line muted style={{ marginBottom: '8px' }}>
        {detail}
      </Line>
      {children}
    </Section>
  );
}

/**
 * The large one-time code of a sign-in mail, easy to read and to copy. The sentence before it
 * carries the code for the plain-text part, so the block stays out of it.
 */
export function CodeBlock({ children }: { children: string }) {
  return (
    <Text
      data-skip-in-text
      className="mail-text mail-quote"
      style={{
        ...textStyles.paragraph,
        fontFamily: "'SFMono-Regular', Menlo, Consolas, 'Courier New', monospace",
        fontSize: '28px',
        lineHeight: '36px',
        letterSpacing: '6px',
        fontWeight: 700,
        textAlign: 'center',
        backgroundColor: colours.sand,
        borderLeft: `3px solid ${colours.brass700}`,
        padding: '12px',
      }}
    >
      {children}
    </Text>
  );
}
