import { Link } from 'react-router';
import { aboutPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import type { Route } from './+types/about';

// docs/decisions/020: the story comes as loader data, so its text is not in the page's JavaScript.
export function loader() {
  const { title, lead, story, craftsmanship, mission, reasons } = aboutPage;
  return { title, lead, story, craftsmanship, mission, reasons };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData.title, args.loaderData.lead);
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={loaderData.title} lead={loaderData.lead}>
      <section aria-labelledby="story-heading">
        <h2 id="story-heading" className="text-2xl font-semibold">
          How we began
        </h2>
        {loaderData.story.map((paragraph) => (
          <p key={paragraph.slice(0, 32)} className="mt-4 leading-relaxed">
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-labelledby="craft-heading">
        <h2 id="craft-heading" className="text-2xl font-semibold">
          Craftsmanship
        </h2>
        {loaderData.craftsmanship.map((paragraph) => (
          <p key={paragraph.slice(0, 32)} className="mt-4 leading-relaxed">
            {paragraph}
          </p>
        ))}
      </section>
      <section aria-labelledby="mission-heading">
        <h2 id="mission-heading" className="text-2xl font-semibold">
          Our mission
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {loaderData.mission.map((item) => (
            <li key={item.heading} className="rounded-2xl bg-white p-5 ring-1 ring-stone/60">
              <h3 className="text-lg font-semibold">{item.heading}</h3>
              <p className="mt-2 text-ink-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="reasons-heading">
        <h2 id="reasons-heading" className="text-2xl font-semibold">
          Why choose us
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6">
          {loaderData.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap gap-4">
        <Link
          to="/shop"
          className="rounded-full bg-ink px-7 py-3 font-medium text-ivory hover:bg-brass-800"
        >
          Explore the collection
        </Link>
        <Link
          to="/contact"
          className="rounded-full px-7 py-3 font-medium ring-1 ring-ink hover:bg-sand"
        >
          Contact us
        </Link>
      </div>
    </SimplePage>
  );
}
