import { Link } from 'react-router';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Admin', undefined, { noindex: true });
}

// Sessions arrive with the identity issue; until then every visitor is signed out.
export default function Admin() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold">Admin</h1>
      {/* spec §2: the signed-out admin page */}
      <p className="mt-4 text-ink-muted">Please sign in to access the admin area.</p>
      <Link to="/auth" className="mt-8 inline-block text-brass-700 underline underline-offset-4">
        Sign In
      </Link>
    </section>
  );
}
