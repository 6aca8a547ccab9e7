/**
 * The frame every mail of the shop shares (docs/requirements.md §13): the shop's name as a text logo, the
 * content, and a footer with the shop's address, phone, WhatsApp and e-mail. Light and dark colour
 * schemes, fluid from 320 px to 600 px, and nothing fetched from elsewhere: no remote image or
 * font, so the mail reads the same offline. The parts inside it are in mail-parts.tsx.
 */
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import type { MailShop, MailTemplateName, MailTemplateProps } from './props';

/** One mail: its subject and its markup, from the same props. */
export interface MailTemplate<Name extends MailTemplateName> {
  subject(props: MailTemplateProps[Name], shop: MailShop): string;
  render(props: MailTemplateProps[Name], shop: MailShop): ReactElement;
}

/**
 * An element carrying this attribute reads as its value in the plain-text part, in place of its
 * markup: a table row of two columns would otherwise run its cells together.
 */
export const PLAIN_TEXT_ATTRIBUTE = 'data-plain-text';

// The site's palette (app/app.css) and, for dark mode, its night counterparts; every text colour
// on its background is at least WCAG AA (4.5:1).
export const colours = {
  ivory: '#faf7f2',
  sand: '#f1e9dc',
  stone: '#d9cfc1',
  ink: '#2b221c',
  inkMuted: '#5c5048',
  brass700: '#7f5510',
  brass800: '#65430c',
  terracotta: '#9a4325',
};

// Web-safe stand-ins for Playfair Display and Inter: a mail never loads a font.
export const fonts = {
  heading: "Georgia, 'Times New Roman', serif",
  text: "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif",
};

// Mail clients keep a <style> block for media queries only; everything else is inline. The
// classes repaint the mail when the reader's device is dark ([data-ogsc] is Outlook.com's dark
// mode, which ignores the media query).
const darkModeStyles = `
@media (prefers-color-scheme: dark) {
  .mail-page, .mail-page > table > tbody > tr > td { background-color: #1a1512 !important; }
  .mail-card { background-color: #241d18 !important; }
  .mail-footer { background-color: #1f1915 !important; border-color: #5c5048 !important; }
  .mail-text { color: #f1e9dc !important; }
  .mail-muted { color: #d9cfc1 !important; }
  .mail-accent { color: #e0b35f !important; }
  .mail-rule { border-color: #5c5048 !important; }
  .mail-quote { background-color: #1a1512 !important; border-color: #e0b35f !important; }
  .mail-button { background-color: #e0b35f !important; color: #241d18 !important; }
  .mail-button-secondary { color: #e0b35f !important; border-color: #e0b35f !important; }
}
[data-ogsc] .mail-text { color: #f1e9dc !important; }
[data-ogsc] .mail-muted { color: #d9cfc1 !important; }
[data-ogsc] .mail-accent { color: #e0b35f !important; }
[data-ogsc] .mail-button { background-color: #e0b35f !important; color: #241d18 !important; }
[data-ogsc] .mail-button-secondary { color: #e0b35f !important; border-color: #e0b35f !important; }
`;

// Long words, addresses and links wrap rather than widen the mail past a 320 px screen.
const wrapping: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' };

const paragraph: CSSProperties = {
  ...wrapping,
  fontFamily: fonts.text,
  fontSize: '16px',
  lineHeight: '24px',
  color: colours.ink,
  margin: '0 0 16px',
};

const small: CSSProperties = { ...paragraph, fontSize: '14px', lineHeight: '20px' };

const line: CSSProperties = { ...paragraph, margin: 0 };
const smallLine: CSSProperties = { ...small, margin: 0 };
const linkLook: CSSProperties = { color: colours.brass700, textDecoration: 'underline' };

/** The text styles the parts share, inline: mail clients drop most of a style sheet. */
export const textStyles = { wrapping, paragraph, link: linkLook };

/**
 * Text someone typed, its line breaks as <br>: the plain-text part keeps them too (it collapses
 * white space), as do clients that drop `white-space: pre-line`.
 */
export function withLineBreaks(text: string): ReactNode[] {
  return text
    .split(/\r?\n/)
    .flatMap((textLine, index) => (index === 0 ? [textLine] : [<br key={index} />, textLine]));
}

/** One line of a group that reads as a block (the plain-text part keeps it one line, too). */
export function Line({
  children,
  muted = false,
  style,
}: {
  children: ReactNode;
  muted?: boolean;
  style?: CSSProperties;
}) {
  return (
    <div
      className={muted ? 'mail-muted' : 'mail-text'}
      style={{ ...(muted ? { ...smallLine, color: colours.inkMuted } : line), ...style }}
    >
      {children}
    </div>
  );
}

/** A `tel:` link for a number as people write it ("+91 98290 12345" → tel:+919829012345). */
export function telephoneAddress(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function MailLayout({
  shop,
  preview,
  unsubscribeUrl,
  children,
}: {
  shop: MailShop;
  /** The hidden line clients show next to the subject in the inbox. */
  preview: string;
  /** The newsletter's one-click unsubscribe, shown in the footer. */
  unsubscribeUrl?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeStyles}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="mail-page"
        style={{ backgroundColor: colours.sand, margin: 0, padding: '16px 0' }}
      >
        <Container
          className="mail-card"
          style={{
            width: '100%',
            maxWidth: '600px',
            backgroundColor: colours.ivory,
            borderTop: `4px solid ${colours.terracotta}`,
          }}
        >
          <Section style={{ padding: '20px 20px 4px' }}>
            {/* The logo is the shop's name in text: a mail shows no remote image. */}
            <Link
              href={shop.publicUrl}
              className="mail-accent"
              style={{
                ...wrapping,
                fontFamily: fonts.heading,
                fontSize: '26px',
                lineHeight: '32px',
                fontWeight: 700,
                color: colours.brass800,
                textDecoration: 'none',
              }}
            >
              {shop.name}
            </Link>
          </Section>
          <Section style={{ padding: '8px 20px 16px' }}>{children}</Section>
          <MailFooter shop={shop} unsubscribeUrl={unsubscribeUrl} />
        </Container>
      </Body>
    </Html>
  );
}

function MailFooter({ shop, unsubscribeUrl }: { shop: MailShop; unsubscribeUrl?: string }) {
  const footerLine: CSSProperties = { margin: '0 0 4px' };
  const footerLink: CSSProperties = { ...smallLine, ...linkLook, textDecoration: 'none' };
  return (
    <Section
      className="mail-footer"
      style={{
        backgroundColor: colours.sand,
        borderTop: `1px solid ${colours.stone}`,
        padding: '16px 20px 12px',
      }}
    >
      <Line style={{ ...footerLine, fontFamily: fonts.heading, fontWeight: 700 }}>{shop.name}</Line>
      {shop.address ? (
        <Line muted style={footerLine}>
          {withLineBreaks(shop.address)}
        </Line>
      ) : null}
      {shop.phone ? (
        <Line style={footerLine}>
          <Link href={telephoneAddress(shop.phone)} className="mail-accent" style={footerLink}>
            {`Call ${shop.phone}`}
          </Link>
        </Line>
      ) : null}
      {shop.whatsappNumber ? (
        <Line style={footerLine}>
          <Link
            href={`https://wa.me/${shop.whatsappNumber}`}
            className="mail-accent"
            style={footerLink}
          >
            WhatsApp
          </Link>
        </Line>
      ) : null}
      {shop.email ? (
        <Line style={footerLine}>
          <Link href={`mailto:${shop.email}`} className="mail-accent" style={footerLink}>
            {shop.email}
          </Link>
        </Line>
      ) : null}
      {unsubscribeUrl ? (
        <Line style={{ ...footerLine, marginTop: '12px' }}>
          <Link href={unsubscribeUrl} className="mail-accent" style={footerLink}>
            Unsubscribe from the newsletter
          </Link>
        </Line>
      ) : null}
    </Section>
  );
}
