/**
 * The quotation's thread (docs/requirements.md §10): the customer's and the shop's messages, oldest first, and a
 * box to write one. Messages are plain text: React escapes them, and their line breaks are kept.
 */
import { getFormProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import { QUOTE_MESSAGE_MAX } from '../../../core/quotes/quote-texts';
import type { QuoteMessageView } from '../../../server/modules/quotations/views';
import { useAnswerForm } from '../forms/answer-form';
import { primaryButtonClass } from '../ui/classes';
import { characterLimitHint, TextAreaField } from './text-area-field';
import type { ShopDayOf } from './shop-days';

export function QuoteThread({
  messages,
  shopName,
  action,
  dayOf,
}: {
  messages: QuoteMessageView[];
  shopName: string;
  action: string;
  /** The shop's day of an instant, as the loader wrote it (shop-days.ts). */
  dayOf: ShopDayOf;
}) {
  return (
    <section aria-labelledby="thread-heading" className="grid gap-5">
      <h2 id="thread-heading" className="font-display text-2xl font-semibold">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="text-ink-muted">No messages yet. Write to us below.</p>
      ) : (
        <ol className="grid gap-3">
          {messages.map((message) => {
            const author = message.author === 'customer' ? 'You' : shopName;
            return (
              <li
                key={message.id}
                aria-label={`Message from ${author}`}
                className={`rounded-2xl p-4 ${message.author === 'customer' ? 'ml-8 bg-sand' : 'mr-8 bg-white ring-1 ring-stone/60'}`}
              >
                <p className="flex flex-wrap justify-between gap-2 text-sm">
                  <span className="font-semibold">{author}</span>
                  <time
                    dateTime={new Date(message.createdAt).toISOString()}
                    className="text-ink-muted"
                  >
                    {dayOf(message.createdAt)}
                  </time>
                </p>
                <p className="mt-2 whitespace-pre-line break-words">{message.body}</p>
              </li>
            );
          })}
        </ol>
      )}
      <MessageForm action={action} />
    </section>
  );
}

function MessageForm({ action }: { action: string }) {
  const { fetcher, form, fields } = useAnswerForm({
    schema: () =>
      import('../../../core/quotes/quote-forms').then((module) => module.quoteMessageSchema),
    intent: 'message',
    invalidToast: errorToast,
  });
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-3"
    >
      <input type="hidden" name="intent" value="message" />
      <TextAreaField
        meta={fields.body}
        label="Your message"
        hint={characterLimitHint(QUOTE_MESSAGE_MAX)}
        // formText's overwrite hides the schema's limit from Conform's constraint.
        maxLength={QUOTE_MESSAGE_MAX}
      />
      <div>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Sending…' : 'Send Message'}
        </button>
      </div>
    </fetcher.Form>
  );
}
