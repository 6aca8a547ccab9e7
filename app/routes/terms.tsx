import { formatShopDate } from '../../core/time/shop-calendar';
import { termsPage } from '../../content/pages';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { TextSections } from '../components/layout/text-sections';
import { appContext } from '../../server/http/app-context';
import type { Route } from './+types/terms';

export function loader({ context }: Route.LoaderArgs) {
  const { clock, site } = context.get(appContext);
  // docs/decisions/020: the policy comes as loader data, so its text is not in the page's JavaScript.
  const { title, lead, sections } = termsPage;
  // spec §2: "Last updated" is today's date, in the long US format: the shop's today
  return { title, lead, sections, lastUpdated: formatShopDate(clock(), site.shopTimeZone) };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData.title, args.loaderData.lead);
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage title={loaderData.title} lead={loaderData.lead}>
      <p className="text-sm text-ink-muted">Last updated: {loaderData.lastUpdated}</p>
      <TextSections sections={loaderData.sections} />
    </SimplePage>
  );
}
