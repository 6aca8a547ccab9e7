import { faqPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { Accordion } from '../components/ui/accordion';
import type { Route } from './+types/faq';

// docs/decisions/020: the questions come as loader data, so they are HTML and not in the page's JavaScript.
export function loader() {
  const { title, lead, questions } = faqPage;
  return { title, lead, questions };
}

export function meta(args: Route.MetaArgs) {
  const { title, lead, questions } = args.loaderData;
  return pageMeta(args, title, lead, {
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: questions.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      },
    ],
  });
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={loaderData.title} lead={loaderData.lead}>
      <Accordion items={loaderData.questions} headingLevel={2} />
    </SimplePage>
  );
}
