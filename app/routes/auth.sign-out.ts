import { redirect } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { callAuth } from '../../server/http/auth-call';
import type { Route } from './+types/auth.sign-out';

/**
 * spec §4: sign-out clears the session; 401, 403 and 404 from the server are ignored (the session
 * is gone either way). The browser's cookie is cleared whatever the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const result = await callAuth(app, () =>
    app.auth.api.signOut({ headers: request.headers, returnHeaders: true }),
  );
  if (!result.ok && ![401, 403, 404].includes(result.status)) {
    app.logger.warn({ status: result.status, message: result.message }, 'sign-out failed');
  }
  const headers = result.headers;
  if (headers.getSetCookie().length === 0) {
    headers.append(
      'Set-Cookie',
      'storefront.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    headers.append(
      'Set-Cookie',
      '__Secure-storefront.session_token=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
    );
  }
  return redirect('/', { headers });
}

export function loader() {
  return redirect('/');
}
