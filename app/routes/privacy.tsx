import { formatLongDate } from '../../core/dates';
import { privacyPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { TextSections } from '../components/layout/text-sections';
import type { Route } from './+types/privacy';

export function loader() {
  // spec §2: "Last updated" is today's date, in the long US format
  return { lastUpdated: formatLongDate(new Date()) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, privacyPage.title, privacyPage.lead);
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={privacyPage.title} lead={privacyPage.lead}>
      <p className="text-sm text-ink-muted">Last updated: {loaderData.lastUpdated}</p>
      <TextSections sections={privacyPage.sections} />
    </SimplePage>
  );
}
