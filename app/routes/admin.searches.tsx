import { useActionData } from 'react-router';
import { errorToast } from '../../core/community/answer';
import {
  addSynonymSchema,
  listSynonymGroups,
  NEW_SYNONYM_GROUP,
} from '../../core/search/search-synonyms';
import { lockedSettingMessage } from '../../core/admin/settings';
import { answerAction, intent } from '../../server/http/answer';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { intentConstraints } from '../../server/http/form-constraints';
import { requireAdmin } from '../../server/modules/kernel';
import { readSearchReport } from '../../server/modules/search-counts';
import { addSearchSynonym, getSettingsForOwner } from '../../server/modules/settings';
import { DocumentAnswer } from '../components/community/document-answer';
import {
  getFormProps,
  getInputProps,
  schemaValidator,
  useFormConstraints,
  useLazyForm,
} from '../components/forms/lazy-form';
import { useAnswerFetcher } from '../components/forms/use-answer-fetcher';
import { pageMeta } from '../components/layout/simple-page';
import { inputClass, secondaryButtonClass } from '../components/ui/classes';
import { toast } from '../components/ui/toast-store';
import type { Route } from './+types/admin.searches';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Searches', undefined, { noindex: true });
}

const ADD_SYNONYM_INTENT = 'add-synonym';

// spec §6: the admin only (the shell's middleware decides, docs/decisions/019); nobody else gets data
export const loader = adminPageLoader(loadSearches);

async function loadSearches({ context }: Route.LoaderArgs) {
  const { db, actor, config, clock, site } = context.get(appContext);
  const [report, settings] = await Promise.all([
    readSearchReport(db, actor, { now: clock(), timeZone: site.shopTimeZone }),
    getSettingsForOwner(db, actor, config),
  ]);
  // Only the synonyms leave the server: the settings also hold the bank details.
  // The choices are made here: the page's own JavaScript then loads the form's schema (and zod)
  // only when the form is first used (docs/decisions/020).
  const groups = [
    ...listSynonymGroups(settings.values.searchSynonyms).map((group) => ({
      value: String(group.line),
      label: group.words.join(', '),
    })),
    { value: NEW_SYNONYM_GROUP, label: 'A new group' },
  ];
  return {
    report,
    groups,
    locked: settings.lockedBy.searchSynonyms ? lockedSettingMessage('searchSynonyms') : null,
    formConstraints: intentConstraints(searchIntents),
  };
}

// docs/requirements.md §20 "From a row the owner can add a synonym group in one step": one module function.
const searchIntents = {
  [ADD_SYNONYM_INTENT]: intent({
    schema: addSynonymSchema,
    run: (fields, { app }) => addSearchSynonym(app.db, app.actor, fields, app.config, app.clock()),
    success: (added) => ({
      title: added.added.length > 0 ? 'Synonyms Saved' : 'Nothing to Add',
      description: added.notice,
    }),
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body is read; addSearchSynonym checks again.
  return answerAction(
    { request, params, context },
    {
      guard: (app) => requireAdmin(app.actor),
      intents: searchIntents,
      defaultIntent: ADD_SYNONYM_INTENT,
    },
    context.get(appContext),
  );
}

type LoaderData = NonNullable<Route.ComponentProps['loaderData']>;
type Group = LoaderData['groups'][number];
interface Row {
  text: string;
  count: number;
}

export default function AdminSearches({ loaderData }: Route.ComponentProps) {
  // Without JavaScript a form posts as a document and its answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
  const { report, groups, locked } = loaderData;
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-12">
      <div>
        <h1 className="font-display text-4xl font-semibold">Searches</h1>
        <p className="mt-2 text-ink-muted">
          What shoppers searched for in the last 30 days and did not find.
        </p>
        {locked ? <p className="mt-2 text-sm text-ink-muted">{locked}</p> : null}
        <DocumentAnswer answer={documentAnswer} className="mt-6" />
      </div>
      <SearchTable
        id="no-results"
        title="No results"
        rows={report.noResults}
        groups={groups}
        locked={locked !== null}
      />
      <SearchTable
        id="tolerant-only"
        title="Found only by the tolerant search"
        rows={report.tolerantOnly}
        groups={groups}
        locked={locked !== null}
      />
    </section>
  );
}

/**
 * One list of searches: a table on a wide screen; on a phone each row stacks (its search and count
 * on a line, the form under them), so the page never scrolls sideways.
 */
function SearchTable({
  id,
  title,
  rows,
  groups,
  locked,
}: {
  id: string;
  title: string;
  rows: Row[];
  groups: Group[];
  locked: boolean;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="font-display text-2xl font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-sand p-6">No searches yet.</p>
      ) : (
        <table
          aria-labelledby={headingId}
          className="block w-full text-left md:table md:table-fixed"
        >
          <thead className="sr-only md:not-sr-only">
            <tr className="border-b border-stone">
              <th scope="col" className="py-2 pr-4 md:w-1/4">
                Search
              </th>
              <th scope="col" className="py-2 pr-4 md:w-28">
                Searches
              </th>
              {locked ? null : (
                <th scope="col" className="py-2">
                  Add to synonyms
                </th>
              )}
            </tr>
          </thead>
          <tbody className="grid gap-3 md:table-row-group">
            {rows.map((row) => (
              <tr
                key={row.text}
                className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-2xl border border-stone/70 bg-white p-4 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0"
              >
                <td className="min-w-0 font-medium break-words md:py-3 md:pr-4 md:align-top">
                  {row.text}
                </td>
                <td className="text-right tabular-nums md:py-3 md:pr-4 md:text-left md:align-top">
                  {row.count}
                  <span className="md:hidden"> {row.count === 1 ? 'search' : 'searches'}</span>
                </td>
                {locked ? null : (
                  <td className="col-span-2 md:py-3 md:align-top">
                    <AddSynonymForm formKey={`${id}-${row.text}`} text={row.text} groups={groups} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * docs/requirements.md §20: the row's "add to synonyms" in one step: the group (or a new one) and the words,
 * prefilled with the search. Checked in the browser and on the server with addSynonymSchema.
 */
function AddSynonymForm({
  formKey,
  text,
  groups,
}: {
  formKey: string;
  text: string;
  groups: Group[];
}) {
  // Each row has its own fetcher: one row's answer is not another's.
  const fetcher = useAnswerFetcher({ key: `add-synonym-${formKey}` });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [form, fields] = useLazyForm<'group' | 'words'>({
    lastResult: answer?.result,
    constraint: useFormConstraints(ADD_SYNONYM_INTENT),
    loadValidator: schemaValidator(() =>
      import('../../core/search/search-synonyms').then((module) => module.addSynonymSchema),
    ),
    onInvalidSubmit: (messages) => {
      const first = messages[0];
      if (first) toast(errorToast(first));
    },
  });
  const { key: wordsKey, ...wordsProps } = getInputProps(fields.words, { type: 'text' });
  const shownWords =
    typeof fields.words.initialValue === 'string' ? fields.words.initialValue : text;
  const shownGroup = typeof fields.group.initialValue === 'string' ? fields.group.initialValue : '';
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-2 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] md:items-end"
    >
      <input type="hidden" name="intent" value={ADD_SYNONYM_INTENT} />
      <div className="grid min-w-0 gap-1">
        <label htmlFor={fields.group.id} className="text-sm font-medium">
          Add to group
        </label>
        <select
          key={fields.group.key}
          id={fields.group.id}
          name={fields.group.name}
          defaultValue={shownGroup}
          aria-invalid={fields.group.errors ? true : undefined}
          aria-describedby={fields.group.errors ? fields.group.errorId : undefined}
          className={`${inputClass} min-h-11 truncate`}
        >
          <option value="">Choose a group</option>
          {groups.map((group) => (
            <option key={group.value} value={group.value}>
              {group.label}
            </option>
          ))}
        </select>
        {fields.group.errors ? (
          <p id={fields.group.errorId} className="text-sm text-danger">
            {fields.group.errors[0]}
          </p>
        ) : null}
      </div>
      <div className="grid min-w-0 gap-1">
        <label htmlFor={fields.words.id} className="text-sm font-medium">
          Words
        </label>
        <input
          key={wordsKey}
          {...wordsProps}
          defaultValue={shownWords}
          className={`${inputClass} min-h-11`}
        />
        {fields.words.errors ? (
          <p id={fields.words.errorId} className="text-sm text-danger">
            {fields.words.errors[0]}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={`${secondaryButtonClass} min-h-11 justify-self-start`}
        disabled={fetcher.state !== 'idle'}
      >
        Add<span className="sr-only"> “{text}” to the synonyms</span>
      </button>
    </fetcher.Form>
  );
}
