import { pageMeta, SimplePage } from '../components/layout/simple-page';
import type { Route } from './+types/auth';

const title = 'Sign In';
const lead =
  'Sign in or create an account to keep a wishlist, save addresses and follow your orders.';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, title, lead);
}

export default function Page() {
  return <SimplePage title={title} lead={lead} />;
}
