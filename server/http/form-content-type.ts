/**
 * docs/requirements.md §14: every page and resource route takes its writes as an HTML form posts
 * them. A body in another encoding (JSON, plain text, none) made the actions' `formData()` throw,
 * which answered 500; it is refused here, once for all of them, before any route reads it.
 * The JSON API and Better Auth live under /api/ and read their own encodings.
 */
import type { MiddlewareHandler } from 'hono';

const METHODS_WITH_A_FORM = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FORM_ENCODINGS = ['application/x-www-form-urlencoded', 'multipart/form-data'];
export const UNSUPPORTED_FORM_ENCODING_MESSAGE =
  'Send the form as application/x-www-form-urlencoded or multipart/form-data.';

/** Whether a Content-Type header names a form encoding the routes can read. */
export function isFormEncoding(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const [mediaType = '', ...parameters] = contentType.split(';');
  const encoding = mediaType.trim().toLowerCase();
  if (encoding === 'application/x-www-form-urlencoded') return true;
  // A multipart body cannot be split without its boundary: formData() would throw.
  return (
    encoding === 'multipart/form-data' &&
    parameters.some((parameter) => /^\s*boundary\s*=\s*\S/i.test(parameter))
  );
}

/** Answers 415 to a write outside /api/ whose body is not a form. */
export function formContentType(): MiddlewareHandler {
  return async (c, next) => {
    if (
      METHODS_WITH_A_FORM.has(c.req.method) &&
      !c.req.path.startsWith('/api/') &&
      !isFormEncoding(c.req.header('content-type'))
    ) {
      c.header('Accept-Post', FORM_ENCODINGS.join(', '));
      return c.text(UNSUPPORTED_FORM_ENCODING_MESSAGE, 415);
    }
    await next();
  };
}

export const UNREADABLE_FORM_MESSAGE = 'The form could not be read.';

/**
 * The body of an action's request as a form. A multipart body whose parts are broken cannot be
 * refused by its Content-Type alone, and `formData()` throws on it: that is the sender's fault,
 * answered 400 as a thrown Response, not a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM_MESSAGE, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
}
