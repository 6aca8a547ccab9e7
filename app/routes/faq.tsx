import { faqPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { Accordion } from '../components/ui/accordion';
import type { Route } from './+types/faq';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, faqPage.title, faqPage.lead, {
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faqPage.questions.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      },
    ],
  });
}

export default function Faq() {
  return (
    <SimplePage title={faqPage.title} lead={faqPage.lead}>
      <Accordion items={faqPage.questions} headingLevel={2} />
    </SimplePage>
  );
}
