import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { webhookSamples } from '../../tests/support/webhook-payloads';
import { webhookEvents, webhookEventTypes, webhookPayloadSchema } from './webhook-events';

const timestamp = '2026-11-24T04:30:00.000Z';

describe('the webhook events', () => {
  it('takes each event with its sample data, and refuses it with any field missing or one added', () => {
    for (const type of webhookEventTypes) {
      const schema = webhookPayloadSchema(type);
      const data: Record<string, unknown> = webhookSamples[type];
      expect(schema.safeParse({ type, timestamp, data }).success, type).toBe(true);
      for (const field of Object.keys(data)) {
        const { [field]: _missing, ...rest } = data;
        const result = schema.safeParse({ type, timestamp, data: rest });
        expect(result.error?.issues[0]?.path, `${type} without ${field}`).toEqual(['data', field]);
      }
      const added = schema.safeParse({ type, timestamp, data: { ...data, accessKey: 'secret' } });
      expect(added.success, `${type} with a field of its own`).toBe(false);
    }
  });

  it('refuses a missing envelope field, another event’s name and a Date before JSON', () => {
    const data = webhookSamples['offer.sent'];
    const schema = webhookPayloadSchema('offer.sent');
    expect(schema.safeParse({ type: 'offer.sent', data }).success).toBe(false);
    expect(schema.safeParse({ type: 'offer.expired', timestamp, data }).success).toBe(false);
    const dated = { ...data, validUntil: new Date('2026-12-08') };
    expect(schema.safeParse({ type: 'offer.sent', timestamp, data: dated }).success).toBe(false);
  });
});

/** The rows of docs/webhooks.md's event table: the event, when it is sent, and its `data`. */
function documentedEvents(): { event: string; when: string; data: string }[] {
  const markdown = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  return markdown
    .split('\n')
    .filter((line) => /^\| `[a-z_.]+` +\|/.test(line))
    .map((line) => {
      const [event = '', when = '', data = ''] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { event: event.replaceAll('`', ''), when, data };
    });
}

/**
 * The fields a `data` cell names, with what its parentheses list for them (an object's fields or
 * an enum's values): "`a`, `b` and `c` (`x`, `y`)" is a, and b and c each listing x and y.
 */
function documentedFields(cell: string): Map<string, string[] | null> {
  const names = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  const parts: string[] = [''];
  let depth = 0;
  for (const character of cell) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (character === ',' && depth === 0) parts.push('');
    else parts[parts.length - 1] += character;
  }
  const fields = new Map<string, string[] | null>();
  for (const part of parts) {
    const open = part.indexOf('(');
    const listed = open < 0 ? null : names(part.slice(open));
    for (const name of names(open < 0 ? part : part.slice(0, open))) fields.set(name, listed);
  }
  return fields;
}

/** What a field's parentheses may list: an object's fields or an enum's values; else nothing. */
function listableOf(field: z.ZodType): { values: string[] | null; optional: boolean } {
  const inner = field instanceof z.ZodNullable ? field.unwrap() : field;
  if (inner instanceof z.ZodObject) return { values: Object.keys(inner.shape), optional: false };
  // docs/requirements.md §18: a list of objects (a request's lines) lists its items' fields.
  if (inner instanceof z.ZodArray && inner.element instanceof z.ZodObject) {
    return { values: Object.keys(inner.element.shape), optional: false };
  }
  // The table names an enum's values where they say what the field is (an author, a kind).
  if (inner instanceof z.ZodEnum) return { values: inner.options.map(String), optional: true };
  return { values: null, optional: false };
}

describe('docs/webhooks.md', () => {
  const rows = documentedEvents();

  it('lists every event, in the order of core/api/webhook-events.ts, saying when it is sent', () => {
    expect(rows.map((row) => row.event)).toEqual(webhookEventTypes);
    for (const row of rows) {
      expect(row.when, row.event).toBe(webhookEvents[row.event as keyof typeof webhookEvents].when);
    }
  });

  for (const type of webhookEventTypes) {
    it(`lists the fields of ${type}'s data as its schema has them`, () => {
      const row = rows.find((documented) => documented.event === type);
      const fields = documentedFields(row?.data ?? '');
      const shape: Record<string, z.ZodType> = webhookEvents[type].data.shape;
      expect([...fields.keys()]).toEqual(Object.keys(shape));
      for (const [name, field] of Object.entries(shape)) {
        const listed = fields.get(name) ?? null;
        const { values, optional } = listableOf(field);
        if (listed !== null || !optional) expect(listed, `${type} ${name}`).toEqual(values);
      }
    });
  }
});
