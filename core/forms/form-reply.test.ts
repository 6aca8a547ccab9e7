import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cappedReply } from './form-reply';

const schema = z.object({ story: z.string().max(10, 'Too long'), name: z.string().min(1) });

describe('cappedReply', () => {
  it('echoes a field without control characters, within its limit (each is 6 bytes of JSON)', () => {
    const form = new FormData();
    form.set('story', `a\u0000b\tc\u0007${'\u0000'.repeat(5000)}d`);
    form.set('name', '');
    const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
    const reply = cappedReply(submission, schema);
    expect(reply.initialValue).toMatchObject({ story: 'ab\tcd' });
    expect(JSON.stringify(reply).length).toBeLessThan(300);
  });
});
