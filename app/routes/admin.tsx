import { Link } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Admin', undefined, { noindex: true });
}

// spec §6: the admin role of the user role table, checked on the server
export function loader({ context }: Route.LoaderArgs) {
  const { viewer } = context.get(appContext);
  if (!viewer) return { access: 'signed-out' as const };
  if (!viewer.isAdmin) return { access: 'denied' as const, userId: viewer.id };
  return { access: 'admin' as const, email: viewer.email };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === 'admin') {
    // The console itself (quotations, orders, messages, roles) is the admin issue's work.
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">Admin Dashboard</h1>
        <p className="mt-4 text-ink-muted">Signed in as {loaderData.email}, with the admin role.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      {loaderData.access === 'denied' ? (
        <>
          {/* spec §6: without the admin role */}
          <h1 className="text-3xl font-semibold">Access denied</h1>
          <p className="mt-4 text-ink-muted">
            Access denied. You do not have administrator privileges.
          </p>
          <p className="mt-2 text-sm text-ink-muted">
            Your user id: <code>{loaderData.userId}</code>
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">Admin</h1>
          <p className="mt-4 text-ink-muted">Please sign in to access the admin area.</p>
          <Link
            to="/auth?redirectTo=%2Fadmin"
            className="mt-8 inline-block text-brass-700 underline underline-offset-4"
          >
            Sign In
          </Link>
        </>
      )}
    </section>
  );
}
