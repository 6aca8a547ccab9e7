import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from '../../core/community/contact';
import { quoteMessageSchema } from '../../core/quotes/quote-forms';
import { intentConstraints } from './form-constraints';

describe('intentConstraints', () => {
  it("gives each intent's form the limits of its own schema, as plain data", () => {
    const constraints = intentConstraints({
      contact: { schema: contactMessageSchema },
      message: { schema: quoteMessageSchema },
      'sign-out': {},
    });
    // An intent without a schema (a button that posts no fields) has no limits to give.
    expect(Object.keys(constraints)).toEqual(['contact', 'message']);
    expect(constraints.contact?.name).toMatchObject({ required: true });
    expect(constraints.contact?.email).toMatchObject({ required: true });
    expect(constraints.message?.body).toMatchObject({ required: true });
    // Plain data the loader can send: it survives JSON unchanged.
    expect(JSON.parse(JSON.stringify(constraints))).toEqual(constraints);
  });
});
