/**
 * The account and identity forms on the one answer pipeline (docs/decisions/013): a Conform form on
 * its `core/` schema, posted through `useAnswerFetcher`, and the same Answer shown in the page
 * when JavaScript is off (the post then arrives as the page's action data).
 */
import type { InputHTMLAttributes } from 'react';
import { Link, useActionData } from 'react-router';
import type { z } from 'zod';
import { isAnswer, type Answer, type AnswerToast } from '../../../core/community/answer';
import {
  getInputProps,
  schemaValidator,
  useFormConstraints,
  useLazyForm,
  type FieldMetadata,
} from './lazy-form';
import { useAnswerFetcher, type AnswerHandlers } from './use-answer-fetcher';
import { Field, PasswordField } from '../ui/field';
import { toast } from '../ui/toast-store';

/** The action data of a page posted without JavaScript, when it answers this intent. */
export function useDocumentAnswer<Data = unknown>(intent: string): Answer<Data> | undefined {
  const actionData: unknown = useActionData();
  return isAnswer(actionData) && actionData.intent === intent
    ? (actionData as Answer<Data>)
    : undefined;
}

export interface AnswerFormOptions<Schema extends z.ZodObject> extends AnswerHandlers<unknown> {
  /**
   * The form's `core/` schema, loaded when the form is first used (docs/decisions/020): a dynamic import,
   * so zod stays out of the page's first load. Its limits come from the loader
   * (`formConstraints`, keyed by the intent).
   */
  schema(): Promise<Schema>;
  /** The intent the form posts; the page's action data is this form's when it names it. */
  intent: string;
  /** The toast of a failing submit check in the browser; the server's answer says the same. */
  invalidToast?(message: string): AnswerToast;
}

/**
 * One form of a page: its fetcher, Conform's form and fields, and the answer it last got (the
 * fetcher's, or without JavaScript the page's own).
 */
export function useAnswerForm<Schema extends z.ZodObject>({
  schema,
  intent,
  invalidToast,
  ...handlers
}: AnswerFormOptions<Schema>) {
  const fetcher = useAnswerFetcher(handlers);
  const documentAnswer = useDocumentAnswer(intent);
  const fetched = fetcher.state === 'idle' ? fetcher.data : undefined;
  const answer = fetched ?? documentAnswer;
  const constraint = useFormConstraints(intent);
  const [form, fields] = useLazyForm<keyof z.input<Schema> & string>({
    lastResult: answer?.result,
    constraint,
    loadValidator: schemaValidator(schema),
    // Only a submit the browser's check refuses shows the toast; a valid form never does
    // (docs/requirements.md §13).
    onInvalidSubmit: (messages) => {
      const first = messages[0];
      if (invalidToast && first) toast(invalidToast(first));
    },
  });
  return { fetcher, form, fields, answer, documentAnswer: fetched ? undefined : documentAnswer };
}

type ConformField = FieldMetadata;

/** What an answer carries back to its form, as the intent's `data` shaped it. */
export function answerData<Data>(answer: Answer): Partial<Data> {
  return (answer.data ?? {}) as Partial<Data>;
}

type InputType = 'text' | 'email' | 'tel' | 'password' | 'number';

/** A labelled input of a Conform form; its limits come from the schema (getZodConstraint). */
export function FormField({
  meta,
  label,
  type = 'text',
  error,
  ...rest
}: {
  meta: ConformField;
  label: string;
  type?: InputType;
  /** A message shown in place of the field's own (a refusal that names no field). */
  error?: string | null;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>) {
  const { key, ...props } = getInputProps(meta, { type });
  return <Field key={key} label={label} {...props} {...rest} error={error ?? meta.errors?.[0]} />;
}

export function FormPasswordField({
  meta,
  label,
  ...rest
}: {
  meta: ConformField;
  label: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'id'>) {
  const { key, type: _type, ...props } = getInputProps(meta, { type: 'password' });
  return <PasswordField key={key} label={label} {...props} {...rest} error={meta.errors?.[0]} />;
}

/**
 * Without JavaScript a post comes back as the page; this says what the toast would have said, and
 * offers the way on after a sign-in.
 */
export function DocumentAnswer({ answer }: { answer: Answer | undefined }) {
  if (!answer?.toast) return null;
  const next = answer.status === 'ok' ? redirectTargetOf(answer) : null;
  return (
    <div role={answer.status === 'ok' ? 'status' : 'alert'} className="mb-4 rounded-xl bg-sand p-3">
      <p className="font-medium">{answer.toast.title}</p>
      {answer.toast.description ? <p>{answer.toast.description}</p> : null}
      {next ? (
        <Link to={next} className="mt-2 inline-block underline">
          Continue
        </Link>
      ) : null}
    </div>
  );
}

function redirectTargetOf(answer: Answer): string | null {
  const target = (answer.data as { redirectTo?: unknown } | null)?.redirectTo;
  return typeof target === 'string' ? target : null;
}
