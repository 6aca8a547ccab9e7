import { redirect } from 'react-router';
import { appContext } from '../../server/http/app-context';
import { signOut } from '../../server/modules/identity';
import type { Route } from './+types/auth.sign-out';

/**
 * spec §4: sign-out clears the session; 401, 403 and 404 from the server are ignored (the session
 * is gone either way). The browser's cookie is cleared whatever the answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const headers = new Headers();
  const outcome = await signOut(app.auth, {
    headers: request.headers,
    replyHeaders: headers,
  }).catch((error: unknown) => {
    app.logger.error({ err: error }, 'sign-out failed');
    return { refused: null };
  });
  if (outcome.refused) {
    app.logger.warn(
      { code: outcome.refused.code, message: outcome.refused.message },
      'sign-out failed',
    );
  }
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
