import { shippingPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { TextSections } from '../components/layout/text-sections';
import type { Route } from './+types/shipping';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, shippingPage.title, shippingPage.lead);
}

export default function Shipping() {
  return (
    <SimplePage title={shippingPage.title} lead={shippingPage.lead}>
      <TextSections sections={shippingPage.sections} />
    </SimplePage>
  );
}
