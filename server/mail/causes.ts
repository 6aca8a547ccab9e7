/**
 * Who made the shop send a mail, and so which limit may hold it (docs/requirements.md §13, decision 017). The
 * one place that sorts the shop's mails: `enqueue` records the cause on every mail job from here,
 * the worker counts a mail against its limit from here, and the identity endpoints count theirs
 * from here when they are asked.
 *
 * - The shop's own answers (the owner's actions and what follows from them: offers, messages,
 *   order and payment steps, expiry and reminders) are never limited.
 * - Mails to the shop's own address are never limited: the owner hears of every request.
 * - An account holder's own requests (a new verification link, a reset link, a sign-in code, a
 *   change of address) are limited per address and purpose: one purpose never uses up another's.
 * - Mails that someone who is not signed in can make the shop send to any address (a guest's
 *   quotation confirmation, the newsletter welcome, a sign-up) share one count per address.
 */
import type { Notice } from '../../core/admin/notices';
import { countOf } from '../../core/forms/plurals';
import { emailKey } from '../../core/identity/identity';

export type { AccountMailPurpose } from '../../core/admin/notices';

/** Purposes whose mail anyone can make the shop send: counted with the stranger's other mails. */
const strangerPurposes: ReadonlySet<string> = new Set(['sign-up', 'sign-up-attempt']);

export type MailCause =
  | { by: 'shop' }
  | { by: 'to-shop' }
  | {
      by: 'account' | 'stranger';
      /** The address the limit is counted for, in lower case. */
      address: string;
      /** What it was asked for: one count per address and purpose for an account's requests. */
      purpose: string;
      /**
       * `request`: counted by the endpoint that was asked (server/auth), which refuses with 429
       * beyond the limit, so its caller is told; `delivery`: counted by the worker, which holds
       * the mail beyond the limit (the action that caused it succeeded without it).
       */
      countedAt: 'request' | 'delivery';
    };

/** Limited mails: who may be told, and under which key their limit counts them. */
export type LimitedMailCause = Extract<MailCause, { address: string }>;

const normalised = emailKey;

/** A mail someone not signed in can make the shop send to any address (decision 017). */
export function strangerCause(
  address: string,
  purpose: string,
  countedAt: 'request' | 'delivery',
): LimitedMailCause {
  return { by: 'stranger', address: normalised(address), purpose, countedAt };
}

/** An account holder's own request, to their own address (decision 017). */
export function accountCause(
  address: string,
  purpose: string,
  countedAt: 'request' | 'delivery',
): LimitedMailCause {
  return { by: 'account', address: normalised(address), purpose, countedAt };
}

/** The cause of an identity mail of this purpose; all are counted when they are asked for. */
export function identityMailCause(purpose: string, address: string): LimitedMailCause {
  return strangerPurposes.has(purpose)
    ? strangerCause(address, purpose, 'request')
    : accountCause(address, purpose, 'request');
}

/**
 * The rate-limit key a limited mail is counted under: one per address for the mails strangers
 * make the shop deliver (a guest's confirmations and a welcome share it), one per address and
 * purpose for an account holder's confirmations, and one per address and purpose for each
 * identity mail asked for at an endpoint, a sign-up's included (docs/decisions/017, amended: a
 * guest's quotations naming an address no longer use up its sign-up).
 */
export function mailLimitKey(cause: LimitedMailCause): string {
  if (cause.countedAt === 'request') return `mail-asked:${cause.purpose}:${cause.address}`;
  return cause.by === 'stranger'
    ? `mail-recipient:${cause.address}`
    : `mail-account:${cause.purpose}:${cause.address}`;
}

/**
 * An identity mail asked for by one client (its `rateLimitAddress`): what that client alone may
 * ask an address to be sent, so that a stranger is refused without using up the address's own
 * allowance.
 */
export function mailRequesterKey(cause: LimitedMailCause, client: string): string {
  return `${mailLimitKey(cause)}|${client}`;
}

/** An identity mail past its address's hour: one per ten minutes (`admitIdentityMail`). */
export function mailSpacingKey(cause: LimitedMailCause): string {
  return `mail-spaced:${cause.purpose}:${cause.address}`;
}

export function isLimited(cause: MailCause): cause is LimitedMailCause {
  return cause.by === 'account' || cause.by === 'stranger';
}

/** Who caused the mail of a notice: the sorting of decision 017, in one place. */
export function mailCauseOf(notice: Notice): MailCause {
  switch (notice.kind) {
    case 'quotation-request':
      if (notice.to === 'owner') return { by: 'to-shop' };
      // docs/requirements.md §13: a typed address is the requester's own only when it is their verified
      // account's; anyone else may have typed it.
      return notice.recipientVerified
        ? accountCause(notice.quotation.customerEmail ?? '', 'quotation-confirmation', 'delivery')
        : strangerCause(notice.quotation.customerEmail ?? '', 'quotation-confirmation', 'delivery');
    case 'newsletter-welcome':
      return strangerCause(notice.email, 'newsletter-welcome', 'delivery');
    case 'account':
      // docs/decisions/022 (amended): the notice of a passkey added follows the account's own
      // change, asked for with its password; holding it would hide that change from its holder.
      if (notice.purpose === 'passkey-added') return { by: 'shop' };
      return identityMailCause(notice.purpose, notice.to);
    case 'message':
      // A mail rendered by an earlier version (Better Auth's, counted when it was asked for).
      return identityMailCause('account', String(notice.message.to));
    case 'contact-message':
    case 'callback-request':
    case 'webhook-endpoint-disabled':
    case 'daily-digest':
      return { by: 'to-shop' };
    case 'quotation-event':
      return notice.to === 'owner' ? { by: 'to-shop' } : { by: 'shop' };
    // docs/requirements.md §18: the owner merged the customer's requests: the shop's own answer, never limited.
    case 'quotation-merged':
      return { by: 'shop' };
    // docs/requirements.md §21: the owner's price change tells wishers who asked for it: never limited.
    case 'price-drop':
      return { by: 'shop' };
  }
}

/** The words of a held mail's reason on Failed Work (docs/requirements.md §13). */
export function heldReason(address: string, perHour: number): string {
  return `${address} reached the limit of ${countOf(perHour, 'mail')} an hour`;
}

/** How an identity code reaches its holder: an e-mail, or a text message to a phone number. */
export type IdentityChannel = 'mail' | 'text';

const CHANNEL_WORDS: Record<IdentityChannel, { messages: string; target: string }> = {
  mail: { messages: 'e-mails', target: 'address' },
  text: { messages: 'text messages', target: 'number' },
};

const inMinutes = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

/**
 * The answer to an identity request over its client's own limit for the address (docs/requirements.md §13,
 * docs/decisions/017): that client is refused; others are not.
 */
export function tooManyMailsMessage(
  retryAfterSeconds: number,
  channel: IdentityChannel = 'mail',
): string {
  const { messages, target } = CHANNEL_WORDS[channel];
  return `Too many ${messages} to this ${target} were asked for from your network. Try again in ${inMinutes(retryAfterSeconds)}.`;
}

/**
 * The answer to an identity request that came within ten minutes of the last mail of its kind to
 * an address past its hour's limit (docs/decisions/017). It says nothing of whether a mail was
 * sent, nor of whether the address has an account: the newest one, if any arrived, is the one
 * that works.
 */
export function mailSpacedMessage(
  retryAfterSeconds: number,
  channel: IdentityChannel = 'mail',
): string {
  const { messages, target } = CHANNEL_WORDS[channel];
  return `Many ${messages} like this were asked for this ${target} in the last hour, so the next one can be sent in ${inMinutes(retryAfterSeconds)}. If one has arrived, use the newest.`;
}
