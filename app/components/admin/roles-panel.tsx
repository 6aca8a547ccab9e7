import { formatShopDate } from '../../../core/time/shop-calendar';
import type { AdminConsoleData } from '../../routes/admin';
import { useShopTimeZone } from '../layout/shop-time';

/**
 * spec §6: the roles are read-only here; granting stays on the command line. A table at desktop
 * width, cards on a phone (docs/requirements.md §12).
 */
export function RolesPanel({ roles }: { roles: AdminConsoleData['roles'] }) {
  const timeZone = useShopTimeZone();
  if (roles.length === 0) return <p className="text-ink-muted">No user roles found.</p>;
  return (
    <div>
      <table className="hidden w-full text-left md:table">
        <caption className="sr-only">User roles</caption>
        <thead>
          <tr className="border-b border-stone">
            <th className="py-2 pr-4">User</th>
            <th className="py-2 pr-4">Role</th>
            <th className="py-2">Created</th>
          </tr>
        </thead>
        <tbody>
          {roles.map((role) => (
            <tr key={role.id} className="border-b border-stone/50">
              <td className="py-2 pr-4">
                {role.email}
                <span className="block text-xs text-ink-muted">{role.userId}</span>
              </td>
              <td className="py-2 pr-4">{role.role}</td>
              <td className="py-2">{formatShopDate(role.createdAt, timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="User roles" className="grid gap-4 md:hidden">
        {roles.map((role) => (
          <li key={role.id} className="grid gap-1 rounded-2xl border border-stone p-4">
            <p className="font-medium break-words">{role.email}</p>
            <p className="text-xs break-all text-ink-muted">{role.userId}</p>
            <p className="text-sm">{`${role.role} · ${formatShopDate(role.createdAt, timeZone)}`}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-ink-muted">
        Grant or revoke the admin role with <code>npm run admin -- grant-admin &lt;email&gt;</code>.
      </p>
    </div>
  );
}
