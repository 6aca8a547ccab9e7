import { describe, expect, it } from 'vitest';
import {
  heldReason,
  identityMailCause,
  mailLimitKey,
  mailRequesterKey,
  strangerCause,
} from './causes';

describe('heldReason', () => {
  it.each([
    // docs/requirements.md §19: "1 mail", not "1 mails"
    [1, 'a@example.com reached the limit of 1 mail an hour'],
    [5, 'a@example.com reached the limit of 5 mails an hour'],
  ])('a limit of %i', (perHour, expected) => {
    expect(heldReason('a@example.com', perHour)).toBe(expected);
  });
});

// docs/decisions/017 (amended): which counters the mails to one address share.
describe('the counters of the mails to one address', () => {
  const address = 'Meera@Example.com';

  it("shares one count among the mails strangers make the shop deliver, and keeps a sign-up's apart", () => {
    const confirmation = mailLimitKey(strangerCause(address, 'quotation-confirmation', 'delivery'));
    const welcome = mailLimitKey(strangerCause(address, 'newsletter-welcome', 'delivery'));
    expect(confirmation).toBe(welcome);
    expect(mailLimitKey(identityMailCause('sign-up', address))).not.toBe(confirmation);
  });

  it('counts each identity mail per purpose, and per client beside', () => {
    const reset = identityMailCause('reset-password', address);
    const code = identityMailCause('sign-in-code', address);
    expect(mailLimitKey(reset)).not.toBe(mailLimitKey(code));
    expect(mailLimitKey(reset)).toBe(mailLimitKey(identityMailCause('reset-password', address)));
    expect(mailRequesterKey(reset, '198.51.100.7')).not.toBe(
      mailRequesterKey(reset, '198.51.100.8'),
    );
  });
});
