import {
  createContext,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
} from 'react-router';
import { appContext, type Viewer } from './app-context';

/**
 * spec §6: who may see the back office. Decided once per request, by the middleware of the shell
 * every admin page sits in (app/routes/admin-shell.tsx), before any of their loaders runs: React
 * Router runs a page's loader beside the shell's, never after it, so only middleware can go first.
 * The domain functions check the role again (requireAdmin), as they do for every caller.
 */
export type AdminAccess =
  | { access: 'admin'; viewer: Viewer }
  | { access: 'denied'; userId: string }
  | { access: 'signed-out' };

export const adminAccessContext = createContext<AdminAccess>();

export const decideAdminAccess: MiddlewareFunction<Response> = ({ context }) => {
  const { viewer } = context.get(appContext);
  context.set(
    adminAccessContext,
    !viewer
      ? { access: 'signed-out' }
      : viewer.isAdmin
        ? { access: 'admin', viewer }
        : { access: 'denied', userId: viewer.id },
  );
};

/**
 * The loader of a page in the back-office shell: `load` runs for an admin only, so nobody else
 * gets data. For anyone else the shell shows its access notice in place of the page, which never
 * renders: only the page's `meta` sees the null, as no data. `signedOut: 'send-to-sign-in'` sends a
 * visitor to /auth and back instead (spec §6: the product console).
 */
export function adminPageLoader<
  Args extends { request: Request; context: Readonly<RouterContextProvider> },
  Data,
>(
  load: (args: Args, admin: Viewer) => Promise<Data>,
  options: { signedOut?: 'send-to-sign-in' } = {},
): (args: Args) => Promise<Data> {
  return async (args) => {
    const access = args.context.get(adminAccessContext);
    if (access.access === 'admin') return load(args, access.viewer);
    if (access.access === 'signed-out' && options.signedOut === 'send-to-sign-in') {
      const page = new URL(args.request.url).pathname;
      throw redirect(`/auth?redirectTo=${encodeURIComponent(page)}`);
    }
    return null as never;
  };
}
