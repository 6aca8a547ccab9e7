import { Link } from 'react-router';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/dashboard';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'My Account', undefined, { noindex: true });
}

// Sessions arrive with the identity issue; until then every visitor is signed out.
export default function Dashboard() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      {/* spec §2: the signed-out dashboard */}
      <h1 className="text-3xl font-semibold">Sign in required</h1>
      <p className="mt-4 text-ink-muted">Please sign in to access your dashboard.</p>
      <Link
        to="/auth"
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-ivory hover:bg-brass-800"
      >
        Sign In
      </Link>
    </section>
  );
}
