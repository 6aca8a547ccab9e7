import { shippingPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { TextSections } from '../components/layout/text-sections';
import type { Route } from './+types/shipping';

// docs/decisions/020: the policy comes as loader data, so its text is not in the page's JavaScript.
export function loader() {
  const { title, lead, sections } = shippingPage;
  return { title, lead, sections };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData.title, args.loaderData.lead);
}

export default function Shipping({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={loaderData.title} lead={loaderData.lead}>
      <TextSections sections={loaderData.sections} />
    </SimplePage>
  );
}
