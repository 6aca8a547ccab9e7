import { formatLongDate } from '../../core/dates';
import { termsPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { TextSections } from '../components/layout/text-sections';
import type { Route } from './+types/terms';

export function loader() {
  // spec §2: "Last updated" is today's date, in the long US format
  return { lastUpdated: formatLongDate(new Date()) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, termsPage.title, termsPage.lead);
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={termsPage.title} lead={termsPage.lead}>
      <p className="text-sm text-ink-muted">Last updated: {loaderData.lastUpdated}</p>
      <TextSections sections={termsPage.sections} />
    </SimplePage>
  );
}
