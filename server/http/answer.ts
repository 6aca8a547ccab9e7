/**
 * The one answer pipeline (issue 15 §2, decision 013): a route's action is a table of intents,
 * each calling one module function; this file reads the form, checks it with the intent's `core/`
 * schema, calls the module and turns its result or `DomainError` into the reply: the HTTP status,
 * Conform's field errors and the toast of spec §8. No route catches `DomainError` itself.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import {
  errorToast,
  tooManyRequestsToast,
  UNEXPECTED_ERROR_MESSAGE,
  type Answer,
  type AnswerStatus,
  type AnswerToast,
} from '../../core/answer';
import { isRobotSubmission } from '../../app/components/community/honeypot';
import { cappedReply, schemaFieldsOf } from '../../core/form-reply';
import { DomainError, httpStatusOf, type DomainErrorCode } from '../modules/errors';
import type { AppContext } from './app-context';
import { readFormData } from './form-content-type';
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
}

export interface Intent<Result = unknown> {
  /** The form's schema from `core/`; only its fields are read, and they are checked with it. */
  schema?: FormSchema;
  /** A public form's per-address limit (spec §7), consumed before the fields are read. */
  rateLimit?: PublicForm;
  /** A robot that filled the honeypot gets a success answer and changes nothing. */
  honeypot?: boolean;
  /** Calls one module function, which authorises the actor and checks the input again. */
  run(fields: FormFields, call: IntentCall): Promise<Result>;
  /** The success toast (spec §8); null shows none. */
  success?: AnswerToast | null | ((result: Result, fields: FormFields) => AnswerToast | null);
  /** What the answer carries back to the form. */
  data?(result: Result): unknown;
  /** The toast of a refusal; spec §8's destructive "Error" with the message when not given. */
  failure?(message: string, fields: FormFields, code: DomainErrorCode | 'unexpected'): AnswerToast;
  /** The toast of a schema problem; "Error" with the first message when not given. */
  invalid?(messages: string[]): AnswerToast;
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
   * Who may send a body at all, checked before it is read (issue 14 finding 1); throws the
   * module's `DomainError`. The module checks again.
   */
  guard?(app: AppContext, request: Request): void;
  intents: Record<string, Intent<unknown>>;
  /** A route with one form: the intent when the form names none. */
  defaultIntent?: string;
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

  try {
    plan.guard?.(app, request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const refused = plan.defaultIntent ? plan.intents[plan.defaultIntent] : undefined;
    return reply(refusal(error, fallbackIntent, {}, refused), { status: httpStatusOf[error.code] });
  }

  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch (error) {
    // issue 14 finding 7: a body that is not a form is the sender's fault, answered with its 4xx.
    if (!(error instanceof Response)) throw error;
    const definition = plan.defaultIntent ? plan.intents[plan.defaultIntent] : undefined;
    return reply(unexpected(fallbackIntent, definition, 'invalid'), { status: error.status });
  }
  const intentName = String(formData.get('intent') ?? '') || fallbackIntent;
  const definition = Object.hasOwn(plan.intents, intentName) ? plan.intents[intentName] : undefined;
  if (!definition) {
    return reply(
      answer({
        status: 'invalid',
        // issue 14 (finding 9): a name no form has is not echoed (it may be megabytes long).
        intent: '',
        message: 'Unknown action',
        toast: errorToast('Unknown action'),
      }),
      { status: 400 },
    );
  }

  if (definition.rateLimit) {
    // spec §8: a failing limiter store is answered in the form, not with the root error page.
    const limited = await rateLimitedReply(app, definition.rateLimit).catch((error: unknown) => {
      app.logger.error({ err: error, intent: intentName }, 'rate limit check failed');
      return 'unavailable' as const;
    });
    if (limited === 'unavailable') {
      return reply(unexpected(intentName, definition, 'error'), { status: 500 });
    }
    if (limited) {
      return reply(
        answer({
          status: 'rate-limited',
          intent: intentName,
          message: limited.body.message,
          toast: tooManyRequestsToast(limited.body.message),
        }),
        limited.init,
      );
    }
  }

  const schema = definition.schema;
  const submission = schema
    ? parseWithZod(schemaFieldsOf(formData, schema), { schema, disableAutoCoercion: true })
    : null;
  const fields = schema ? textFields(schemaFieldsOf(formData, schema)) : textFields(formData);
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
    return reply(
      answer({
        status: 'invalid',
        intent: intentName,
        message: first,
        toast: definition.invalid ? definition.invalid(messages) : errorToast(first),
        result: reported,
      }),
      { status: 400 },
    );
  }

  try {
    const result = await definition.run(fields, { app, request, params, replyHeaders });
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
    return reply(unexpected(intentName, definition, 'error'), { status: 500 });
  }
}

function unexpected(
  intentName: string,
  definition: Intent<unknown> | undefined,
  status: AnswerStatus,
): Answer {
  return answer({
    status,
    intent: intentName,
    message: UNEXPECTED_ERROR_MESSAGE,
    toast: definition?.failure
      ? definition.failure(UNEXPECTED_ERROR_MESSAGE, {}, 'unexpected')
      : errorToast(UNEXPECTED_ERROR_MESSAGE),
  });
}

function refusal(
  error: DomainError,
  intentName: string,
  fields: FormFields,
  definition: Intent<unknown> | undefined,
): Answer {
  const status = statusOfCode[error.code];
  const toast =
    status === 'sign-in-required' && definition?.signIn
      ? definition.signIn
      : status === 'rate-limited' && !(definition?.failure && definition.failureOnRateLimit)
        ? tooManyRequestsToast(error.message)
        : definition?.failure
          ? definition.failure(error.message, fields, error.code)
          : errorToast(error.message);
  return answer({ status, intent: intentName, message: error.message, toast });
}
