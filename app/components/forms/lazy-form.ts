/**
 * A form whose validation loads when it is used (docs/decisions/020). The page's first load carries no
 * zod and no Conform: the form renders as plain HTML with its limits (`required`, `maxLength`,
 * `min`…) taken from the loader, which generates them from the same `core/` schema
 * (`formConstraints` in server/http/form-constraints.ts). The first focus inside the form loads
 * the schema and its parser; from then on fields are checked on blur and again on input once
 * checked, and a submit with errors stays in the browser with the spec's messages under the
 * fields. Without JavaScript, or before the parser arrives (a submit never waits for it), the form
 * posts and the server's answer (`lastResult`, the same Conform reply shape) shows the same
 * messages.
 *
 * The metadata and the `get*Props` helpers give the attributes Conform's would (ids, `form`,
 * `aria-invalid`, `aria-describedby`, constraints, default values), so a form reads the same with
 * either.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMatches } from 'react-router';
import type { z } from 'zod';

/** A field's HTML limits, as Conform's `getZodConstraint` derives them from the schema. */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
}

export type FormConstraints = Record<string, FieldConstraint>;

/** A server's or the browser's check of a form: Conform's `SubmissionResult`, as JSON. */
export interface FormResult {
  status?: 'success' | 'error';
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | undefined;
}

/** The browser's check, loaded on demand: the same parse the server runs on the same schema. */
export type FormValidator = (formData: FormData) => {
  status?: string;
  error?: Record<string, string[] | null> | undefined | null;
};

export interface FieldMetadata extends FieldConstraint {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  initialValue: string | string[] | undefined;
  /** What the field holds now, kept up to date on input once read (a live check). */
  readonly value: string | undefined;
  key: string;
}

export interface FormMetadata {
  id: string;
  errorId: string;
  descriptionId: string;
  errors: string[] | undefined;
  noValidate: true;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

export interface LazyFormOptions {
  id?: string;
  lastResult?: FormResult | null;
  constraint?: FormConstraints;
  loadValidator(): Promise<FormValidator>;
  /** Values the form starts with when no answer has echoed any. */
  defaultValue?: Record<string, string>;
  /** A submit the browser's check passed: send it another way (a fetcher) instead. */
  onValidSubmit?(event: FormEvent<HTMLFormElement>): void;
  /** `blur` (the default): each field is checked when left; `submit`: only when sent. */
  validateOn?: 'blur' | 'submit';
  /** A submit the browser's check refused: the messages, first field first (docs/requirements.md §10). */
  onInvalidSubmit?(messages: string[]): void;
}

type Errors = Record<string, string[] | null>;

const FORM_LEVEL = '';

/** Before the browser's first check, what shows is the server's answer (a post without JS). */
const NOT_CHECKED = Symbol('not checked');

/**
 * `loadValidator` for a `core/` schema: both the schema's module and the parser load on demand, in
 * one go. `loadSchema` is a dynamic import (`() => import('…/core/x').then((m) => m.xSchema)`), so
 * neither zod nor Conform is in the page's first load.
 */
export function schemaValidator(
  loadSchema: () => Promise<z.ZodType>,
): () => Promise<FormValidator> {
  return () =>
    Promise.all([loadSchema(), import('./zod-validator')]).then(([schema, { zodValidator }]) =>
      zodValidator(schema),
    );
}

/** The loader data's `formConstraints[key]` of the deepest route that has it. */
export function useFormConstraints(key: string): FormConstraints | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]?.data as
      { formConstraints?: Record<string, FormConstraints> } | undefined | null;
    const found = data?.formConstraints?.[key];
    if (found) return found;
  }
  return undefined;
}

function fieldId(formId: string, name: string) {
  return `${formId}-field-${name.replace(/[^a-zA-Z0-9._-]/g, '_')}`;
}

function shownErrors(errors: Errors, name: string, shown: ReadonlySet<string>) {
  if (!shown.has(name)) return undefined;
  const list = errors[name];
  return list && list.length > 0 ? list : undefined;
}

export function useLazyForm<Fields extends string = string>({
  id,
  lastResult,
  constraint,
  loadValidator,
  onInvalidSubmit,
  validateOn = 'blur',
  defaultValue,
  onValidSubmit,
}: LazyFormOptions): [FormMetadata, Record<Fields, FieldMetadata>] {
  const generatedId = useId();
  const formId = id ?? generatedId;
  const validator = useRef<FormValidator | null>(null);
  const loading = useRef<Promise<FormValidator> | null>(null);
  const loadRef = useRef(loadValidator);
  const invalidRef = useRef(onInvalidSubmit);
  const validRef = useRef(onValidSubmit);
  // The server's answer is shown until the browser checks again; `source` says which answer the
  // browser's errors follow, so a newer answer takes over at once (also in the server render).
  const [checked, setChecked] = useState<{
    source: FormResult | null | undefined | typeof NOT_CHECKED;
    errors: Errors;
    shown: ReadonlySet<string>;
  }>({ source: NOT_CHECKED, errors: {}, shown: new Set() });
  const [resets, setResets] = useState(0);
  const [resetFor, setResetFor] = useState<FormResult | null | undefined>(undefined);
  // Fields whose live value a render has read; only their inputs re-render the form.
  const watched = useRef(new Set<string>());
  const [values, setValues] = useState<Record<string, string>>({});
  // An answer the server asked to reset the form with (`resetForm`; Conform's reply is then
  // `{ initialValue: null }`, with no status) empties it, as Conform did: adjusted while rendering,
  // and the inputs' DOM reset by the effect below.
  if (lastResult && lastResult.initialValue === null && resetFor !== lastResult) {
    setResetFor(lastResult);
    setResets((count) => count + 1);
    setValues({});
    setChecked({ source: lastResult, errors: {}, shown: new Set() });
  }
  const fromServer = checked.source !== lastResult;
  const errors: Errors = useMemo(
    () => (fromServer ? (lastResult?.error ?? {}) : checked.errors),
    [fromServer, lastResult, checked.errors],
  );
  const shown: ReadonlySet<string> = useMemo(
    () => (fromServer ? new Set(Object.keys(lastResult?.error ?? {})) : checked.shown),
    [fromServer, lastResult, checked.shown],
  );

  const shownRef = useRef(shown);
  // The latest callbacks and shown fields, for the listeners that outlive a render.
  useEffect(() => {
    loadRef.current = loadValidator;
    invalidRef.current = onInvalidSubmit;
    validRef.current = onValidSubmit;
    shownRef.current = shown;
  });

  const ensureValidator = useCallback(() => {
    if (validator.current) return Promise.resolve(validator.current);
    loading.current ??= loadRef.current().then((loaded) => {
      validator.current = loaded;
      return loaded;
    });
    // A failed load (offline) leaves the form to the server, which checks the same schema.
    loading.current.catch(() => {
      loading.current = null;
    });
    return loading.current;
  }, []);

  const formElement = () => document.getElementById(formId) as HTMLFormElement | null;

  const check = useCallback(
    (names: 'all' | string) => {
      const form = formElement();
      if (!validator.current || !form) return null;
      const result = validator.current(new FormData(form));
      const found: Errors = result.error ?? {};
      setChecked((previous) => {
        const base = previous.source === lastResult ? previous.shown : new Set<string>();
        const nextShown = new Set(base);
        if (names === 'all') for (const name of Object.keys(found)) nextShown.add(name);
        else nextShown.add(names);
        return { source: lastResult, errors: found, shown: nextShown };
      });
      return found;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formElement reads the id only
    [formId, lastResult],
  );

  useEffect(() => {
    if (resets > 0) formElement()?.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- formElement reads the id only
  }, [resets]);

  // Fields are checked on blur, and on every input once they show a message (Conform's
  // `shouldValidate: 'onBlur'`, `shouldRevalidate: 'onInput'`).
  useEffect(() => {
    const inForm = (target: EventTarget | null): string | null => {
      if (!(target instanceof HTMLElement)) return null;
      const element = target as HTMLInputElement;
      if (!element.name || element.form?.id !== formId) return null;
      return element.name;
    };
    const onFocusIn = (event: FocusEvent) => {
      if (inForm(event.target)) void ensureValidator().catch(() => undefined);
    };
    const onFocusOut = (event: FocusEvent) => {
      const name = inForm(event.target);
      // Leaving for a button of the same form (a submit) is checked by the submit itself.
      const next = event.relatedTarget as HTMLButtonElement | null;
      if (
        !name ||
        validateOn === 'submit' ||
        (next && next.form?.id === formId && next.type === 'submit')
      )
        return;
      void ensureValidator()
        .then(() => check(name))
        .catch(() => undefined);
    };
    const onInput = (event: Event) => {
      const name = inForm(event.target);
      if (name && watched.current.has(name)) {
        const { value } = event.target as HTMLInputElement;
        setValues((previous) => ({ ...previous, [name]: value }));
      }
      if (name && validator.current && shownRef.current.has(name)) check(name);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('input', onInput);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('input', onInput);
    };
  }, [formId, ensureValidator, check, validateOn]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLElement | null;
      // A button that skips the check (`formNoValidate`, e.g. a Cancel intent) posts at once.
      if (submitter && (submitter as HTMLButtonElement).formNoValidate) return;
      const refuse = (found: Errors) => {
        const messages = Object.values(found).flatMap((list) => list ?? []);
        if (messages.length === 0) return false;
        const firstName = Object.keys(found).find((name) => found[name]?.length);
        const field = firstName
          ? (form.elements.namedItem(firstName) as HTMLElement | RadioNodeList | null)
          : null;
        if (field && 'focus' in field) field.focus();
        invalidRef.current?.(messages);
        return true;
      };
      if (validator.current) {
        const found = check('all');
        if (found && refuse(found)) event.preventDefault();
        else if (validRef.current) validRef.current(event);
        return;
      }
      // The parser is still on its way (a tap on Send right after the page loaded, on a slow
      // line): the submit never waits for it. It posts now, and the server, which checks the same
      // schema, answers with the same messages (docs/requirements.md §5). The parser keeps
      // loading for the next check.
      void ensureValidator().catch(() => undefined);
      if (validRef.current) validRef.current(event);
    },
    [check, ensureValidator],
  );

  const initialValues: Record<string, unknown> = useMemo(
    () => (lastResult && lastResult.initialValue ? lastResult.initialValue : (defaultValue ?? {})),
    [lastResult, defaultValue],
  );
  // The form's own errors (not a field's) always show: only a submit or the server sets them.
  const formErrors = errors[FORM_LEVEL]?.length ? errors[FORM_LEVEL] : undefined;

  const form: FormMetadata = {
    id: formId,
    errorId: `${formId}-form-error`,
    descriptionId: `${formId}-form-description`,
    errors: formErrors,
    noValidate: true,
    onSubmit,
  };

  const fields = useMemo(() => {
    const cache = new Map<string, FieldMetadata>();
    return new Proxy({} as Record<Fields, FieldMetadata>, {
      get(_target, property) {
        if (typeof property !== 'string') return undefined;
        let meta = cache.get(property);
        if (!meta) {
          const idOfField = fieldId(formId, property);
          const initialValue = initialValues[property] as string | string[] | undefined;
          meta = {
            ...(constraint?.[property] ?? {}),
            id: idOfField,
            name: property,
            formId,
            errorId: `${idOfField}-error`,
            descriptionId: `${idOfField}-description`,
            errors: shownErrors(errors, property, shown),
            initialValue,
            get value() {
              watched.current.add(property);
              return (
                values[property] ?? (typeof initialValue === 'string' ? initialValue : undefined)
              );
            },
            key: `${resets}`,
          };
          cache.set(property, meta);
        }
        return meta;
      },
    });
  }, [formId, constraint, errors, shown, initialValues, resets, values]);

  return [form, fields];
}

export function simplify<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

export interface AriaOptions {
  /** An id the control is described by besides its error (a hint under it). */
  ariaDescribedBy?: string;
}

function ariaOf(
  meta: { errors: string[] | undefined; errorId: string },
  field: boolean,
  { ariaDescribedBy }: AriaOptions = {},
) {
  const invalid = meta.errors !== undefined;
  return {
    'aria-invalid': (field && invalid) || undefined,
    'aria-describedby': invalid
      ? `${meta.errorId} ${ariaDescribedBy ?? ''}`.trim()
      : ariaDescribedBy,
  };
}

export function getFormProps(form: FormMetadata) {
  return simplify({
    id: form.id,
    onSubmit: form.onSubmit,
    noValidate: form.noValidate,
    ...ariaOf(form, false),
  });
}

export function controlProps(meta: FieldMetadata, options?: AriaOptions) {
  return {
    key: meta.key,
    required: meta.required || undefined,
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    ...ariaOf(meta, true, options),
  };
}

export function getInputProps(
  meta: FieldMetadata,
  options: { type: string; value?: string | boolean } & AriaOptions,
) {
  const props: Record<string, unknown> = {
    ...controlProps(meta, options),
    type: options.type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    multiple: meta.multiple,
  };
  if (options.value === undefined || options.value) {
    if (options.type === 'checkbox' || options.type === 'radio') {
      props.value = typeof options.value === 'string' ? options.value : 'on';
      props.defaultChecked = Array.isArray(meta.initialValue)
        ? meta.initialValue.includes(props.value as string)
        : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === 'string') {
      props.defaultValue = meta.initialValue;
    }
  }
  return simplify(props) as ReturnType<typeof controlProps> & {
    type: string;
    defaultValue?: string;
    defaultChecked?: boolean;
    value?: string;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    pattern?: string;
    multiple?: boolean;
  };
}

export function getTextareaProps(meta: FieldMetadata, options?: AriaOptions) {
  return simplify({
    ...controlProps(meta, options),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    defaultValue:
      meta.initialValue === undefined || meta.initialValue === null
        ? undefined
        : String(meta.initialValue as string),
  });
}
