import { MessageCircle } from '../components/ui/icons';
import { customisationsPage } from '../../content/pages';
import { appContext } from '../../server/http/app-context';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { Accordion } from '../components/ui/accordion';
import type { Route } from './+types/customisations';

export function loader({ context }: Route.LoaderArgs) {
  const { whatsappNumber } = context.get(appContext).site;
  const { title, lead, whatsappMessage, facts, questions } = customisationsPage;
  const text = encodeURIComponent(whatsappMessage);
  // docs/decisions/020: the page's texts come as loader data, so they are not in the page's JavaScript.
  return {
    title,
    lead,
    facts,
    questions,
    whatsappUrl: `https://wa.me/${whatsappNumber}?text=${text}`,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData.title, args.loaderData.lead);
}

export default function Customisations({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={loaderData.title} lead={loaderData.lead}>
      <a
        href={loaderData.whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-full bg-success px-6 py-3 font-medium text-white hover:opacity-90"
      >
        <MessageCircle aria-hidden="true" className="h-5 w-5" />
        Chat with us on WhatsApp
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <section aria-labelledby="facts-heading">
        <h2 id="facts-heading" className="text-2xl font-semibold">
          Custom orders at a glance
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          {loaderData.facts.map((fact) => (
            <div key={fact.label} className="flex flex-col rounded-2xl bg-sand p-5">
              <dt className="text-sm text-ink-muted">{fact.label}</dt>
              <dd className="order-first text-xl font-semibold">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading" className="mb-4 text-2xl font-semibold">
          Questions about custom work
        </h2>
        <Accordion items={loaderData.questions} />
      </section>
    </SimplePage>
  );
}
