import { describe, expect, it } from 'vitest';
import { NEWSLETTER_INVALID_EMAIL, newsletterSubscriptionSchema } from './newsletter';

describe('the newsletter schema (spec §5)', () => {
  it('trims and lowercases the e-mail', () => {
    expect(
      newsletterSubscriptionSchema.parse({ email: '  Meera@Example.COM ', source: 'footer' }),
    ).toEqual({ email: 'meera@example.com', source: 'footer' });
  });

  it('rejects an invalid or missing e-mail with the spec message', () => {
    for (const email of ['', 'meera', 'meera@', undefined]) {
      const result = newsletterSubscriptionSchema.safeParse({ email, source: 'home' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NEWSLETTER_INVALID_EMAIL);
    }
  });

  it('stores only the three sources home, footer and blog; a forged one is filed under footer', () => {
    for (const source of ['popup', '', undefined, '<script>']) {
      const parsed = newsletterSubscriptionSchema.safeParse({ email: 'a@b.co', source });
      expect(parsed.success && parsed.data.source).toBe('footer');
    }
    const blog = newsletterSubscriptionSchema.safeParse({ email: 'a@b.co', source: 'blog' });
    expect(blog.success && blog.data.source).toBe('blog');
  });
});
