import type { ComponentType } from 'react';
import { Link } from 'react-router';

/**
 * A back-office page's route `handle` (spec §6): the shell (app/routes/admin-shell.tsx) draws the
 * page's own `DeniedNotice`, if it has one, for a signed-in user without the admin role, in the
 * page's place; `AdminAccessNotice` otherwise.
 */
export interface BackOfficeHandle {
  DeniedNotice?: ComponentType;
}

/**
 * spec §6: what an admin page shows anyone without the admin role: a signed-out visitor is asked
 * to sign in (and sent back to `path`), a signed-in user without the role is denied.
 */
export function AdminAccessNotice({
  access,
}: {
  access: { access: 'denied'; userId: string } | { access: 'signed-out'; path: string };
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      {access.access === 'denied' ? (
        <>
          {/* spec §6: without the admin role */}
          <h1 className="text-3xl font-semibold">Access denied</h1>
          <p className="mt-4 text-ink-muted">
            Access denied. You do not have administrator privileges.
          </p>
          <p className="mt-2 text-sm text-ink-muted">
            Your user id: <code>{access.userId}</code>
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">Admin</h1>
          <p className="mt-4 text-ink-muted">Please sign in to access the admin area.</p>
          <Link
            to={`/auth?redirectTo=${encodeURIComponent(access.path)}`}
            className="mt-8 inline-block text-brass-700 underline underline-offset-4"
          >
            Sign In
          </Link>
        </>
      )}
    </section>
  );
}
