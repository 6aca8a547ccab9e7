import { describe, expect, it } from 'vitest';
import { contactMessageSchema } from './contact';

const valid = { name: 'Asha', email: 'asha@example.com', subject: 'Hotel order', message: 'Hello' };
const messagesFor = (input: Record<string, unknown>) => {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the contact form schema (spec §5)', () => {
  it('trims every field', () => {
    expect(
      contactMessageSchema.parse({ ...valid, name: '  Asha  ', message: ' Hi ' }),
    ).toMatchObject({ name: 'Asha', message: 'Hi' });
  });

  it('needs a name of 1 to 100 characters', () => {
    expect(messagesFor({ ...valid, name: '   ' })).toEqual(['Name is required']);
    expect(messagesFor({ ...valid, name: 'a'.repeat(100) })).toEqual([]);
    expect(messagesFor({ ...valid, name: 'a'.repeat(101) })).toEqual([
      'Name must be less than 100 characters',
    ]);
  });

  it('needs a valid e-mail of at most 255 characters', () => {
    // a valid address of exactly n characters: a 64-letter local part and labels of 63 or fewer
    const emailOfLength = (length: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.com`;
    expect(emailOfLength(255)).toHaveLength(255);
    expect(messagesFor({ ...valid, email: emailOfLength(255) })).toEqual([]);
    expect(messagesFor({ ...valid, email: emailOfLength(256) })).toEqual([
      'Email must be less than 255 characters',
    ]);
    expect(messagesFor({ ...valid, email: 'not-an-email' })).toEqual(['Invalid email address']);
  });

  it('needs a subject of 1 to 200 characters', () => {
    expect(messagesFor({ ...valid, subject: '' })).toEqual(['Subject is required']);
    expect(messagesFor({ ...valid, subject: 's'.repeat(200) })).toEqual([]);
    expect(messagesFor({ ...valid, subject: 's'.repeat(201) })).toEqual([
      'Subject must be less than 200 characters',
    ]);
  });

  it('needs a message of 1 to 1000 characters', () => {
    expect(messagesFor({ ...valid, message: ' ' })).toEqual(['Message is required']);
    expect(messagesFor({ ...valid, message: 'm'.repeat(1000) })).toEqual([]);
    expect(messagesFor({ ...valid, message: 'm'.repeat(1001) })).toEqual([
      'Message must be less than 1000 characters',
    ]);
  });
});
