/**
 * docs/requirements.md §12 "Settings the owner edits": every setting in its group, on the settings form's one
 * `core/` schema. A value the environment sets is shown disabled with the variable's name and is
 * not posted; the server refuses it anyway.
 */
import { getFormProps, getInputProps, getTextareaProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import {
  lockedSettingNote,
  settingGroups,
  settingHints,
  settingLabels,
  settingsFormSchema,
  type EditableSettingKey,
  type EditableSettings,
} from '../../../core/admin/settings';
import { DocumentAnswer, useAnswerForm } from '../forms/answer-form';
import { DisplayRatesField } from './display-rates-field';
import { inputClass, primaryButtonClass } from '../ui/classes';
import { conformFrame, FieldFrame } from '../ui/field-frame';

export const SAVE_SETTINGS_INTENT = 'save-settings';

/** The longer texts, written over several lines. */
const multiline = new Set<EditableSettingKey>([
  'address',
  'bankDetails',
  'offerTerms',
  'searchSynonyms',
]);
/** docs/requirements.md §20: the synonym groups, one a line, show many lines at once. */
const textareaRows: Partial<Record<EditableSettingKey, number>> = {
  offerTerms: 5,
  searchSynonyms: 10,
};
const inputTypes: Partial<Record<EditableSettingKey, 'email' | 'tel' | 'url'>> = {
  shopEmail: 'email',
  phone: 'tel',
  whatsappNumber: 'tel',
  socialUrl: 'url',
};

export function SettingsForm({
  values,
  lockedBy,
}: {
  values: EditableSettings;
  lockedBy: Partial<Record<EditableSettingKey, string>>;
}) {
  const { fetcher, form, fields, documentAnswer } = useAnswerForm({
    // The settings module (labels, groups) carries zod with it on this admin page anyway.
    schema: () => Promise.resolve(settingsFormSchema),
    intent: SAVE_SETTINGS_INTENT,
    invalidToast: errorToast,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-8">
      <DocumentAnswer answer={documentAnswer} />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="rounded-xl bg-danger/10 p-4 text-danger">
          {form.errors[0]}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={SAVE_SETTINGS_INTENT} />
      {settingGroups.map((group) => (
        <fieldset
          key={group.title}
          className="grid gap-4 rounded-2xl border border-stone p-4 sm:p-6"
        >
          <legend className="px-2 font-display text-xl font-semibold">{group.title}</legend>
          {group.keys.map((key) => {
            const variable = lockedBy[key];
            if (variable)
              return <LockedSetting key={key} name={key} value={values[key]} variable={variable} />;
            if (key === 'displayCurrencies') {
              return <DisplayRatesField key={key} stored={values.displayCurrencies} />;
            }
            if (key === 'dailyDigest') {
              return (
                <DigestChoice key={key} meta={fields.dailyDigest} stored={values.dailyDigest} />
              );
            }
            return <SettingField key={key} name={key} meta={fields[key]} stored={values[key]} />;
          })}
        </fieldset>
      ))}
      <button
        type="submit"
        className={`${primaryButtonClass} justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        Save Settings
      </button>
    </fetcher.Form>
  );
}

type SettingFields = ReturnType<typeof useAnswerForm<typeof settingsFormSchema>>['fields'];
type SettingMeta = SettingFields[EditableSettingKey];

/**
 * What a field shows first: what was posted, when the answer brought the form back (Conform's
 * initial value), else the stored setting.
 */
function shownValue(meta: SettingMeta, stored: string): string {
  return typeof meta.initialValue === 'string' ? meta.initialValue : stored;
}

function SettingField({
  name,
  meta,
  stored,
}: {
  name: EditableSettingKey;
  meta: SettingMeta;
  stored: string;
}) {
  const hint = settingHints[name];
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = multiline.has(name)
    ? getTextareaProps(meta, { ariaDescribedBy: hintId })
    : getInputProps(meta, { type: inputTypes[name] ?? 'text', ariaDescribedBy: hintId });
  return (
    <FieldFrame {...conformFrame(meta)} label={settingLabels[name]} hint={hint} hintId={hintId}>
      {multiline.has(name) ? (
        <textarea
          key={key}
          rows={textareaRows[name] ?? 3}
          className={inputClass}
          {...props}
          defaultValue={shownValue(meta, stored)}
        />
      ) : (
        <input
          key={key}
          className={inputClass}
          {...props}
          defaultValue={shownValue(meta, stored)}
        />
      )}
    </FieldFrame>
  );
}

/** On or off, as two choices: a radio is always posted, where an unticked box would not be. */
function DigestChoice({ meta, stored }: { meta: SettingMeta; stored: string }) {
  const hint = settingHints.dailyDigest;
  return (
    <fieldset className="grid gap-2" aria-describedby={`${meta.id}-hint`}>
      <legend className="font-medium">{settingLabels.dailyDigest}</legend>
      <p id={`${meta.id}-hint`} className="text-sm text-ink-muted">
        {hint}
      </p>
      <div className="flex flex-wrap gap-6">
        {(['on', 'off'] as const).map((choice) => (
          <label key={choice} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={meta.name}
              value={choice}
              defaultChecked={shownValue(meta, stored) === choice}
              className="h-4 w-4"
            />
            {choice === 'on' ? 'On' : 'Off'}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** docs/requirements.md §12: a value the environment sets wins; it shows, locked, with the variable's name. */
function LockedSetting({
  name,
  value,
  variable,
}: {
  name: EditableSettingKey;
  value: string;
  variable: string;
}) {
  const id = `setting-${name}-locked`;
  const noteId = `${id}-note`;
  const shown = name === 'dailyDigest' ? (value === 'on' ? 'On' : 'Off') : value;
  return (
    <FieldFrame
      id={id}
      label={settingLabels[name]}
      hint={lockedSettingNote(variable)}
      hintId={noteId}
    >
      {(control) =>
        multiline.has(name) ? (
          <textarea
            {...control}
            rows={textareaRows[name] ?? 3}
            value={shown}
            readOnly
            disabled
            className={`${inputClass} bg-sand`}
          />
        ) : (
          <input {...control} value={shown} readOnly disabled className={`${inputClass} bg-sand`} />
        )
      }
    </FieldFrame>
  );
}
