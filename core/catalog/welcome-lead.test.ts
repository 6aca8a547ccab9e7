import { describe, expect, it } from 'vitest';
import { welcomeLeadSchema } from './welcome-lead';

describe('the welcome pop-up request', () => {
  it('keeps the digits of the number and the chosen country code, +91 by default', () => {
    expect(
      welcomeLeadSchema.parse({ countryCode: '+44', phone: ' 20 7946-0958 ', consent: 'on' }),
    ).toEqual({ countryCode: '+44', phone: '2079460958', consent: 'on' });
    expect(welcomeLeadSchema.parse({ phone: '9829000000', consent: 'on' }).countryCode).toBe('+91');
    expect(
      welcomeLeadSchema.parse({ countryCode: '+7', phone: '9829000000', consent: 'on' })
        .countryCode,
    ).toBe('+91');
  });

  it('needs a real number and the accepted terms', () => {
    const problems = (input: Record<string, unknown>) => {
      const result = welcomeLeadSchema.safeParse(input);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(problems({ phone: 'call me', consent: 'on' })).toEqual([
      'Please enter a valid phone number',
    ]);
    expect(problems({ phone: '9829000000' })).toEqual([
      'Please accept the Privacy Policy and T&Cs',
    ]);
  });
});
