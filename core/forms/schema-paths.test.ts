import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeyFormSchema } from '../api/api-access';
import { currencyChoiceSchema } from '../money/display-currency-schema';
import { offerComposerSchema, OFFER_LINES_MAX } from '../quotes/quote-offer';
import { quoteListSubmitSchema, QUOTE_LIST_MAX_PIECES } from '../quotes/quote-list';
import { fieldNameVerdict, nameSteps, refusedFieldName, schemaShapeOf } from './schema-paths';

const verdict = (schema: z.core.$ZodType, name: string) =>
  fieldNameVerdict(name, schemaShapeOf(schema));

describe('the names a form may post, from its own schema', () => {
  it('keeps a text field by its name alone and refuses any index on it', () => {
    expect(verdict(currencyChoiceSchema, 'currency')).toBe('kept');
    expect(verdict(currencyChoiceSchema, 'returnTo')).toBe('kept');
    expect(verdict(currencyChoiceSchema, 'currency[1000000000]')).toBe('refused');
    expect(verdict(currencyChoiceSchema, 'currency[0]')).toBe('refused');
    expect(verdict(currencyChoiceSchema, 'currency.usd')).toBe('refused');
    expect(verdict(currencyChoiceSchema, 'currency[x]')).toBe('refused');
  });

  it('ignores a name that is no field of the form (the intent, a honeypot)', () => {
    expect(verdict(currencyChoiceSchema, 'intent')).toBe('ignored');
    expect(verdict(currencyChoiceSchema, 'website[1000000000]')).toBe('ignored');
  });

  it("keeps a list's index below the schema's own maximum, and nothing past it", () => {
    const last = QUOTE_LIST_MAX_PIECES - 1;
    expect(verdict(quoteListSubmitSchema, `lines[${last}].quantity`)).toBe('kept');
    expect(verdict(quoteListSubmitSchema, `lines[${last + 1}].quantity`)).toBe('refused');
    expect(verdict(quoteListSubmitSchema, 'lines[300000000].quantity')).toBe('refused');
    expect(verdict(quoteListSubmitSchema, 'lines[99999999999999999999].quantity')).toBe('refused');
    expect(verdict(offerComposerSchema, `lines[${OFFER_LINES_MAX - 1}].description`)).toBe('kept');
    expect(verdict(offerComposerSchema, `lines[${OFFER_LINES_MAX}].description`)).toBe('refused');
  });

  it("keeps only an item's own keys, and refuses a list item or object named as a value", () => {
    expect(verdict(quoteListSubmitSchema, 'lines[0].colour')).toBe('refused');
    expect(verdict(quoteListSubmitSchema, 'lines[0]')).toBe('refused');
    expect(verdict(quoteListSubmitSchema, 'lines[0].quantity[0]')).toBe('refused');
    expect(verdict(quoteListSubmitSchema, 'lines.quantity')).toBe('refused');
  });

  it("bounds a checkbox group's index by its choices", () => {
    expect(verdict(apiKeyFormSchema, 'scopes')).toBe('kept');
    expect(verdict(apiKeyFormSchema, 'scopes[0]')).toBe('kept');
    expect(verdict(apiKeyFormSchema, 'scopes[1000]')).toBe('refused');
  });

  it('looks through optional, default, preprocess, union and record schemas', () => {
    const schema = z.object({
      note: z.string().optional().default(''),
      tags: z.preprocess((value) => value, z.array(z.string()).max(3)),
      either: z.union([z.string(), z.object({ city: z.string() })]),
      labels: z.record(z.string(), z.string()),
    });
    expect(verdict(schema, 'note')).toBe('kept');
    expect(verdict(schema, 'tags[2]')).toBe('kept');
    expect(verdict(schema, 'tags[3]')).toBe('refused');
    expect(verdict(schema, 'either')).toBe('kept');
    expect(verdict(schema, 'either.city')).toBe('kept');
    expect(verdict(schema, 'either.town')).toBe('refused');
    expect(verdict(schema, 'labels.anything')).toBe('kept');
    expect(verdict(schema, 'labels[1000000000]')).toBe('refused');
  });

  it('reads a name as Conform builds it, and nothing else', () => {
    expect(nameSteps('lines[0].quantity')).toEqual([
      { key: 'lines' },
      { index: '0' },
      { key: 'quantity' },
    ]);
    expect(nameSteps('lines[]')).toBeNull();
    expect(nameSteps('[0]')).toBeNull();
  });

  it('names the first refused field of a whole form, or none', () => {
    expect(refusedFieldName(['intent', 'currency', 'returnTo'], currencyChoiceSchema)).toBeNull();
    expect(refusedFieldName(['currency', 'currency[1000000000]'], currencyChoiceSchema)).toBe(
      'currency[1000000000]',
    );
  });
});
