/**
 * docs/requirements.md §10: the quotation's thread as the owner sees it, and the reply box. Messages are plain
 * text, rendered as text (React escapes them; nothing in them is markup or a link).
 */
import { getFormProps, getTextareaProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { quoteMessageSchema } from '../../../core/quotes/quote-offer';
import { QUOTE_MESSAGE_MAX } from '../../../core/quotes/quote-texts';
import type { QuoteMessageView } from '../../../server/modules/quotations/views';
import { useAnswerFetcher, type AnswerHandlers } from '../forms/use-answer-fetcher';
import { inputClass, primaryButtonClass } from '../ui/classes';
import { useShopTimeZone } from '../layout/shop-time';

const parseMessage = (formData: FormData) =>
  parseWithZod(formData, { schema: quoteMessageSchema, disableAutoCoercion: true });

export function QuotationThread({
  messages,
  customerName,
  alertArea,
}: {
  messages: QuoteMessageView[];
  customerName: string;
  alertArea: AnswerHandlers<unknown>;
}) {
  const timeZone = useShopTimeZone();
  const fetcher = useAnswerFetcher({ ...alertArea, key: 'quotation-reply' });
  const [form, fields] = useForm({
    id: 'quotation-reply',
    lastResult: fetcher.state === 'idle' ? fetcher.data?.result : undefined,
    constraint: getZodConstraint(quoteMessageSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseMessage(formData),
  });
  const { key, ...body } = getTextareaProps(fields.body);
  return (
    <section
      aria-labelledby="thread-heading"
      className="rounded-2xl border border-stone/70 bg-white p-5"
    >
      <h2 id="thread-heading" className="font-sans text-xl font-semibold">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No messages yet.</p>
      ) : (
        <ol aria-label="Thread" className="mt-3 grid gap-3">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-xl p-3 text-sm ${message.author === 'shop' ? 'ml-6 bg-sand' : 'mr-6 border border-stone/70'}`}
            >
              <p className="font-medium">
                {message.author === 'shop' ? 'You' : customerName} ·{' '}
                <time dateTime={new Date(message.createdAt).toISOString()}>
                  {formatShopDate(message.createdAt, timeZone)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <fetcher.Form
        method="post"
        {...getFormProps(form)}
        onSubmit={form.onSubmit}
        className="mt-4 grid gap-2"
      >
        <input type="hidden" name="intent" value="reply" />
        <label htmlFor={fields.body.id} className="font-medium">
          Reply
        </label>
        <textarea
          key={key}
          {...body}
          maxLength={QUOTE_MESSAGE_MAX}
          className={`${inputClass} min-h-24`}
        />
        {fields.body.errors ? (
          <p id={fields.body.errorId} className="text-sm text-danger">
            {fields.body.errors[0]}
          </p>
        ) : null}
        <button
          type="submit"
          className={`${primaryButtonClass} justify-self-start`}
          disabled={fetcher.state !== 'idle'}
        >
          Send Reply
        </button>
      </fetcher.Form>
    </section>
  );
}
