import { messageMovesFrom } from '../../../core/admin/admin';
import { formatShopDate } from '../../../core/time/shop-calendar';
import { statusLabel } from '../../../core/orders/statuses';
import type { AdminConsoleData } from '../../routes/admin';
import { useAnswerFetcher, type AnswerHandlers } from '../forms/use-answer-fetcher';
import { secondaryButtonClass } from '../ui/classes';
import { useShopTimeZone } from '../layout/shop-time';

const moveLabels: Record<string, string> = { read: 'Mark as Read', replied: 'Mark as Replied' };

/** spec §2 Admin: contact messages, with their status actions and a reply link. */
export function MessagesPanel({
  messages,
  leads,
  alertArea,
}: {
  messages: AdminConsoleData['messages'];
  leads: AdminConsoleData['leads'];
  alertArea: AnswerHandlers<unknown>;
}) {
  const timeZone = useShopTimeZone();
  const fetcher = useAnswerFetcher(alertArea);
  return (
    <div className="grid gap-8">
      {messages.length === 0 ? (
        <p className="text-ink-muted">No contact messages found.</p>
      ) : (
        <ul className="grid gap-4">
          {messages.map((message) => (
            <li
              key={message.id}
              aria-label={`Message from ${message.name}`}
              className="rounded-2xl border border-stone/70 bg-white p-5"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-sans text-lg font-semibold">{message.subject}</h3>
                <span className="rounded-full bg-sand px-3 py-1 text-xs font-semibold">
                  {statusLabel(message.status)}
                </span>
              </div>
              <p className="text-sm text-ink-muted">
                {message.name} &lt;{message.email}&gt; ·{' '}
                {formatShopDate(message.createdAt, timeZone)}
              </p>
              <p className="mt-3 whitespace-pre-line">{message.message}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                <a
                  href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                  className={secondaryButtonClass}
                >
                  Reply by e-mail
                </a>
                {messageMovesFrom(message.status).map((status) => (
                  <fetcher.Form key={status} method="post">
                    <input type="hidden" name="intent" value="message-status" />
                    <input type="hidden" name="id" value={message.id} />
                    <input type="hidden" name="status" value={status} />
                    <button type="submit" className={secondaryButtonClass}>
                      {moveLabels[status]}
                    </button>
                  </fetcher.Form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="leads-heading">
        <h3 id="leads-heading" className="font-sans text-lg font-semibold">
          Call-back requests from the welcome pop-up
        </h3>
        {leads.length === 0 ? (
          <p className="text-ink-muted">No call-back requests yet.</p>
        ) : (
          <ul className="mt-2 grid gap-1">
            {leads.map((lead) => (
              <li key={lead.id}>
                <a href={`tel:${lead.countryCode}${lead.phone}`} className="underline">
                  {lead.countryCode} {lead.phone}
                </a>{' '}
                <span className="text-sm text-ink-muted">
                  {formatShopDate(lead.createdAt, timeZone)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
