import { formatLongDate } from '../../../core/dates';
import type { AdminConsoleData } from '../../routes/admin';

/** spec §6: the roles are read-only here; granting stays on the command line. */
export function RolesPanel({ roles }: { roles: AdminConsoleData['roles'] }) {
  if (roles.length === 0) return <p className="text-ink-muted">No user roles found.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left">
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
              <td className="py-2">{formatLongDate(role.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-4 text-sm text-ink-muted">
        Grant or revoke the admin role with <code>npm run admin -- grant-admin &lt;email&gt;</code>.
      </p>
    </div>
  );
}
