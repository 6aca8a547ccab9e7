import { paymentPage } from '../../content/pages';
import { appContext } from '../../server/http/app-context';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import type { Route } from './+types/payment';

export function loader({ context }: Route.LoaderArgs) {
  const { upiId, bankDetails, shopEmail } = context.get(appContext).site;
  // docs/decisions/020: the page's texts come as loader data, so they are not in the page's JavaScript.
  const { title, lead, steps } = paymentPage;
  return { title, lead, steps, upiId, bankDetails, shopEmail };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData.title, args.loaderData.lead);
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={loaderData.title} lead={loaderData.lead}>
      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-2xl font-semibold">
          How quotation orders are paid
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-6">
          {loaderData.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="methods-heading">
        <h2 id="methods-heading" className="text-2xl font-semibold">
          Ways to pay
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="rounded-2xl bg-white p-5 ring-1 ring-stone/60">
            <dt className="text-lg font-semibold">UPI</dt>
            <dd className="mt-2 font-mono">{loaderData.upiId}</dd>
          </div>
          <div className="rounded-2xl bg-white p-5 ring-1 ring-stone/60">
            <dt className="text-lg font-semibold">Bank transfer</dt>
            <dd className="mt-2">{loaderData.bankDetails}</dd>
          </div>
        </dl>
        <p className="mt-4 text-ink-muted">
          Questions about a payment? Write to{' '}
          <a href={`mailto:${loaderData.shopEmail}`} className="text-brass-700 underline">
            {loaderData.shopEmail}
          </a>
          .
        </p>
      </section>
    </SimplePage>
  );
}
