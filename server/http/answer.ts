/**
 * The one answer pipeline (docs/decisions/013): a route's action is a table of intents,
 * each calling one module function; this file reads the form, checks it with the intent's `core/`
 * schema, calls the module and turns its result or `DomainError` into the reply: the HTTP status,
 * Conform's field errors and the toast of spec §8. No route catches `DomainError` itself.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import {
  errorToast,
  tooManyRequestsToast,
  UNEXPECTED_ERROR_MESSAGE,
  type Answer,
  type AnswerStatus,
  type AnswerToast,
} from '../../core/community/answer';
import { isRobotSubmission } from '../../core/community/honeypot';
import { cappedReply, schemaFieldsOf } from '../../core/forms/form-reply';
import { refusedFieldName } from '../../core/forms/schema-paths';
import { DomainError, httpStatusOf, type DomainErrorCode } from '../modules/errors';
import { isAdmin } from '../modules/actor';
import type { AppContext } from './app-context';
import { readFormData, UNREADABLE_FORM_MESSAGE } from './form-content-type';
import { rateLimitedReply, type PublicForm } from './form-guard';

type FormSchema = z.ZodObject;

/** The submitted text fields an intent hands its module: the schema's own, or all of them. */
export type FormFields = Record<string, string>;

export interface IntentCall {
  /**
   * Headers the reply carries, whatever the outcome: the session cookies and Retry-After that
   * Better Auth answers (server/modules/identity writes them here).
   */
  replyHeaders: Headers;
  app: AppContext;
  request: Request;
  params: Record<string, string | undefined>;
  /** The whole form as read, for what is not text (an uploaded file). */
  formData: FormData;
  /**
   * The schema's fields as Conform reads them, lists and objects nested (`lines[0].quantity` →
   * `{ lines: [{ quantity }] }`), still unchecked text: for a module that takes a list.
   */
  payload: Record<string, unknown>;
}

export interface Intent<Result = unknown> {
  /** The form's schema from `core/`; only its fields are read, and they are checked with it. */
  schema?: FormSchema;
  /** A public form's per-address limit (spec §7), consumed before the fields are read. */
  rateLimit?: PublicForm;
  /** A robot that filled the honeypot gets a success answer and changes nothing. */
  honeypot?: boolean;
  /**
   * Calls one module function, which authorises the actor and checks the input again. A
   * `Response` it returns is the answer as it is (a stream of progress that ends in an Answer).
   */
  run(fields: FormFields, call: IntentCall): Promise<Result>;
  /** The success toast (spec §8); null shows none. */
  success?: AnswerToast | null | ((result: Result, fields: FormFields) => AnswerToast | null);
  /** What the answer carries back to the form. */
  data?(result: Result): unknown;
  /** The toast of a refusal; spec §8's destructive "Error" with the message when not given. */
  failure?(message: string, fields: FormFields, code: DomainErrorCode | 'unexpected'): AnswerToast;
  /** The toast of a schema problem; "Error" with the first message when not given. */
  invalid?(messages: string[]): AnswerToast;
  /**
   * The text of any failure of this intent (a refusal, a schema problem, an unexpected error),
   * built from the module's or the schema's message: the answer's `message`, shown by the admin
   * console in its alert area (spec §8 "Admin alert messages"), and the "Error" toast's text
   * when `failure` or `invalid` does not give one.
   */
  alert?(message: string, fields: FormFields): string;
  /** The toast when the actor must sign in first (spec §6's per-action texts). */
  signIn?: AnswerToast;
  /**
   * A rate limit the module reports is shown with `failure` too (the identity forms say "Sign In
   * Error" with the limiter's message, spec §8), not the public forms' "Too many requests".
   */
  failureOnRateLimit?: boolean;
  /** Resets the form after a success (Conform's `resetForm`); true by default. */
  resetForm?: boolean;
}

/**
 * Checks an intent against its own `Result` type where it is written; the table holds it with the
 * type erased, as the pipeline only hands the result back to the same intent's callbacks.
 */
export function intent<Result>(definition: Intent<Result>): Intent<unknown> {
  return definition as Intent<unknown>;
}

export interface ActionPlan {
  /**
   * Who may send a body at all, checked before it is read (docs/requirements.md §14); throws the
   * module's `DomainError` (or rejects with it: a key checked in the database). The module checks
   * again.
   */
  guard?(app: AppContext, request: Request): unknown;
  intents: Record<string, Intent<unknown>>;
  /** A route with one form: the intent when the form names none. */
  defaultIntent?: string;
  /**
   * Every intent is for signed-in users. A visitor's form (one the guard lets be read, to learn
   * which form it is) is answered with that intent's `signIn` toast before its rate limit,
   * honeypot or schema is looked at.
   */
  signedInOnly?: boolean;
  /**
   * The largest body the route reads (an upload and its fields), checked by its declared length
   * after `guard` and before the body is read: a larger one is answered 413 with `message`.
   */
  bodyLimit?: { bytes: number; message: string };
}

const statusOfCode: Record<DomainErrorCode, AnswerStatus> = {
  unauthenticated: 'sign-in-required',
  not_found: 'not-found',
  forbidden: 'forbidden',
  conflict: 'conflict',
  invalid: 'invalid',
  rate_limited: 'rate-limited',
};

function answer(values: Partial<Answer> & Pick<Answer, 'status' | 'intent'>): Answer {
  return { toast: null, message: null, result: null, data: null, ...values };
}

function textFields(formData: FormData): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/** Runs a route's action through its intent table and answers with `data(answer, init)`. */
export async function answerAction(
  args: { request: Request; params: Record<string, string | undefined>; context: unknown },
  plan: ActionPlan,
  app: AppContext,
) {
  const { request, params } = args;
  const replyHeaders = new Headers();
  const reply = (body: Answer, init?: ResponseInit) => {
    const headers = new Headers(init?.headers);
    for (const cookie of replyHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
    replyHeaders.forEach((value, name) => {
      if (name !== 'set-cookie') headers.set(name, value);
    });
    return data<Answer>(body, { ...init, headers });
  };
  const fallbackIntent = plan.defaultIntent ?? '';
  const defaultDefinition = plan.defaultIntent ? plan.intents[plan.defaultIntent] : undefined;

  try {
    await plan.guard?.(app, request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return reply(refusal(error, fallbackIntent, {}, defaultDefinition), {
      status: httpStatusOf[error.code],
    });
  }

  // docs/requirements.md §14: every page's post is counted per address before its body is read.
  // The owner's back office is exempt: the session is already checked, and its work comes in
  // bursts (a day's offers, a catalogue edited piece by piece) that no stranger can make.
  if (!isOwnerSession(app)) {
    const limited = await limitedPost(app, 'page-post', fallbackIntent, defaultDefinition);
    if (limited) return reply(limited.body, limited.init);
  }

  const declaredLength = Number(request.headers.get('content-length') ?? 0);
  if (plan.bodyLimit && declaredLength > plan.bodyLimit.bytes) {
    const { message } = plan.bodyLimit;
    return reply(
      answer({ status: 'invalid', intent: fallbackIntent, message, toast: errorToast(message) }),
      { status: 413 },
    );
  }

  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch (error) {
    // docs/requirements.md §14: a body that is not a form is the sender's fault, answered with its 4xx.
    if (!(error instanceof Response)) throw error;
    return reply(unexpected(fallbackIntent, defaultDefinition, 'invalid'), {
      status: error.status,
    });
  }
  // A route with one form reads no intent field: a form posted to it is that form, whatever else
  // it carries (as before the pipeline).
  const onlyIntent = Object.keys(plan.intents).length === 1 ? plan.defaultIntent : undefined;
  const intentName = onlyIntent ?? (String(formData.get('intent') ?? '') || fallbackIntent);
  const definition = Object.hasOwn(plan.intents, intentName) ? plan.intents[intentName] : undefined;
  if (!definition) {
    return reply(
      answer({
        status: 'invalid',
        // docs/requirements.md §14: a name no form has is not echoed (it may be megabytes long).
        intent: '',
        message: 'Unknown action',
        toast: errorToast('Unknown action'),
      }),
      { status: 400 },
    );
  }

  if (plan.signedInOnly && !app.actor) {
    const refused = refusal(
      new DomainError('unauthenticated', 'Please sign in to continue.'),
      intentName,
      {},
      definition,
    );
    return reply(refused, { status: httpStatusOf.unauthenticated });
  }

  if (definition.rateLimit) {
    const limited = await limitedPost(app, definition.rateLimit, intentName, definition);
    if (limited) return reply(limited.body, limited.init);
  }

  const schema = definition.schema;
  // docs/requirements.md §14, decision 004: a name the form's shape does not have (an index on a
  // text field, a list's index past its maximum) is refused before Conform reads the form, which
  // would build and walk an array as long as the index.
  if (schema && refusedFieldName(formData.keys(), schema) !== null) {
    return reply(
      answer({
        status: 'invalid',
        intent: intentName,
        message: UNREADABLE_FORM_MESSAGE,
        toast: errorToast(UNREADABLE_FORM_MESSAGE),
      }),
      { status: 400 },
    );
  }
  const schemaFields = schema ? schemaFieldsOf(formData, schema) : null;
  const submission =
    schema && schemaFields
      ? parseWithZod(schemaFields, { schema, disableAutoCoercion: true })
      : null;
  const fields = textFields(schemaFields ?? formData);
  const succeeded = (result: unknown) =>
    answer({
      status: 'ok',
      intent: intentName,
      toast:
        typeof definition.success === 'function'
          ? definition.success(result, fields)
          : (definition.success ?? null),
      result:
        submission && schema
          ? cappedReply(submission, schema, { resetForm: definition.resetForm ?? true })
          : null,
      data: result === undefined ? null : (definition.data?.(result) ?? null),
    });

  if (definition.honeypot && isRobotSubmission(formData)) return reply(succeeded(undefined));

  if (submission && schema && submission.status !== 'success') {
    const reported = cappedReply(submission, schema);
    const messages = Object.values(reported.error ?? {}).flatMap((list) => list ?? []);
    const first = messages[0] ?? 'Invalid input';
    const message = definition.alert ? definition.alert(first, fields) : first;
    return reply(
      answer({
        status: 'invalid',
        intent: intentName,
        message,
        toast: definition.invalid ? definition.invalid(messages) : errorToast(message),
        result: reported,
      }),
      // docs/requirements.md §5: bad input is a 400, whether the page's script posted it (before
      // the browser's check had loaded) or a plain HTML form did; both show the same messages.
      { status: 400 },
    );
  }

  try {
    const result = await definition.run(fields, {
      app,
      request,
      params,
      formData,
      replyHeaders,
      payload: submission?.payload ?? fields,
    });
    if (result instanceof Response) return result;
    return reply(succeeded(result));
  } catch (error) {
    // A redirect (a plain HTML post sent on to another page) is React Router's to answer.
    if (error instanceof Response) throw error;
    if (error instanceof DomainError) {
      const refused = refusal(error, intentName, fields, definition);
      if (submission && schema && error.code === 'invalid') {
        refused.result = cappedReply(submission, schema, { formErrors: [error.message] });
      }
      return reply(refused, { status: httpStatusOf[error.code] });
    }
    app.logger.error(
      { err: error, intent: intentName, path: new URL(request.url).pathname },
      'action failed',
    );
    return reply(unexpected(intentName, definition, 'error', fields), { status: 500 });
  }
}

function isOwnerSession(app: AppContext): boolean {
  return isAdmin(app.actor) && !app.actor?.apiKey;
}

/** Null when the post may go ahead; otherwise the answer to it (429, or 500 if the store failed). */
async function limitedPost(
  app: AppContext,
  form: PublicForm,
  intentName: string,
  definition: Intent<unknown> | undefined,
): Promise<{ body: Answer; init: ResponseInit } | null> {
  // spec §8: a failing limiter store is answered in the form, not with the root error page.
  const limited = await rateLimitedReply(app, form).catch((error: unknown) => {
    app.logger.error({ err: error, intent: intentName }, 'rate limit check failed');
    return 'unavailable' as const;
  });
  if (limited === 'unavailable') {
    return { body: unexpected(intentName, definition, 'error'), init: { status: 500 } };
  }
  if (!limited) return null;
  return {
    body: answer({
      status: 'rate-limited',
      intent: intentName,
      message: limited.body.message,
      toast: tooManyRequestsToast(limited.body.message),
    }),
    init: limited.init,
  };
}

function unexpected(
  intentName: string,
  definition: Intent<unknown> | undefined,
  status: AnswerStatus,
  fields: FormFields = {},
): Answer {
  const message = definition?.alert
    ? definition.alert(UNEXPECTED_ERROR_MESSAGE, fields)
    : UNEXPECTED_ERROR_MESSAGE;
  return answer({
    status,
    intent: intentName,
    message,
    toast: definition?.failure
      ? definition.failure(UNEXPECTED_ERROR_MESSAGE, fields, 'unexpected')
      : errorToast(message),
  });
}

function refusal(
  error: DomainError,
  intentName: string,
  fields: FormFields,
  definition: Intent<unknown> | undefined,
): Answer {
  const status = statusOfCode[error.code];
  // The sign-in and rate-limit answers keep their own texts; any other refusal is the intent's.
  const message =
    definition?.alert && status !== 'sign-in-required' && status !== 'rate-limited'
      ? definition.alert(error.message, fields)
      : error.message;
  const toast =
    status === 'sign-in-required' && definition?.signIn
      ? definition.signIn
      : status === 'rate-limited' && !(definition?.failure && definition.failureOnRateLimit)
        ? tooManyRequestsToast(error.message)
        : definition?.failure
          ? definition.failure(error.message, fields, error.code)
          : errorToast(message);
  return answer({ status, intent: intentName, message, toast });
}

/**
 * A page loader's data from one module call: a refusal the page shows as "not found" (by default
 * `not_found`) becomes the 404 page, and, given the page's sign-in address, a session that ended
 * (`unauthenticated`) a redirect to it; mapped here so that no route catches `DomainError` itself.
 */
export async function pageData<Data>(
  run: () => Promise<Data>,
  notFoundCodes: readonly DomainErrorCode[] = ['not_found'],
  signInPath?: string,
): Promise<Data> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && notFoundCodes.includes(error.code)) {
      throw data(null, { status: 404 });
    }
    if (signInPath && error instanceof DomainError && error.code === 'unauthenticated') {
      throw redirect(signInPath);
    }
    throw error;
  }
}

/**
 * A resource route's reply that is not a form's answer (a file download): the module's refusal
 * becomes its HTTP status with the message as text, mapped here so that no route catches it.
 */
export async function resourceReply(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return new Response(error.message, {
      status: httpStatusOf[error.code],
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
}

/** One line of a streamed answer: progress while the work runs, then the Answer. */
export type StreamedAnswerLine<Progress, Data> = ({ type: 'progress' } & Progress) | Answer<Data>;

/**
 * An answer for work that reports progress (spec §5's CSV import): a JSON object per line
 * (application/x-ndjson), the progress first and the Answer last. The status goes out with the
 * first line, so a failure part-way is logged and told as the last line, `failed`.
 */
export function streamedAnswer<Progress extends object, Data>(options: {
  logger: AppContext['logger'];
  run(report: (progress: Progress) => void): Promise<Answer<Data>>;
  failed: Answer<Data>;
}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: StreamedAnswerLine<Progress, Data>) =>
        controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      try {
        send(await options.run((progress) => send({ type: 'progress', ...progress })));
      } catch (error) {
        options.logger.error({ err: error }, 'streamed work failed');
        send(options.failed);
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
