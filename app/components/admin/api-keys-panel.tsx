/** docs/requirements.md §11 "API keys": made here (shown once), named, scoped, listed with their last use, revoked. */
import { getFormProps } from '../forms/lazy-form';
import { useState } from 'react';
import { apiScopes } from '../../../core/api/api-access';
import { errorToast } from '../../../core/community/answer';
import { formatShopDate } from '../../../core/time/shop-calendar';
import type { ApiKeySummary } from '../../../server/modules/api-keys';
import { answerData, FormField, useAnswerForm } from '../forms/answer-form';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { ConfirmDialog, dangerButtonClass } from './product-console/confirm-dialog';
import { ApiSecretBox } from './api-secret-box';
import { formatShopTime, useShopTimeZone } from '../layout/shop-time';
import { CheckboxGroup } from './checkbox-group';

export function ApiKeysPanel({ keys }: { keys: ApiKeySummary[] }) {
  return (
    <section aria-labelledby="api-keys-heading" className="grid gap-6">
      <h2 id="api-keys-heading" className="font-display text-2xl font-semibold">
        API keys
      </h2>
      <p className="text-ink-muted">
        An integration acts as you within the scopes of its key. See <code>docs/api.md</code>.
      </p>
      <CreateApiKeyForm />
      <ApiKeyList keys={keys} />
    </section>
  );
}

function CreateApiKeyForm() {
  const { fetcher, form, fields, answer } = useAnswerForm({
    schema: () => import('../../../core/api/api-access').then((module) => module.apiKeyFormSchema),
    intent: 'create-api-key',
    invalidToast: errorToast,
  });
  const created = answer?.status === 'ok' ? answerData<{ key: string; name: string }>(answer) : {};
  return (
    <div className="grid gap-4 rounded-2xl border border-stone p-4">
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <h3 className="font-semibold">Create API key</h3>
        <input type="hidden" name="intent" value="create-api-key" />
        <FormField meta={fields.name} label="Name" placeholder="ERP, mobile app…" />
        <CheckboxGroup
          meta={fields.scopes}
          legend="Scopes"
          options={apiScopes}
          listClassName="flex flex-wrap gap-x-6 gap-y-2"
        />
        <button
          type="submit"
          className={`${primaryButtonClass} justify-self-start`}
          disabled={fetcher.state !== 'idle'}
        >
          Create API key
        </button>
      </fetcher.Form>
      {created.key ? (
        <ApiSecretBox
          title={`New API key: ${created.name ?? ''}`}
          what="key"
          secret={created.key}
        />
      ) : null}
    </div>
  );
}

function ApiKeyList({ keys }: { keys: ApiKeySummary[] }) {
  const timeZone = useShopTimeZone();
  // Held by the list, not the row: a revoked key's button is gone when the answer arrives, and
  // its toast must outlive it.
  const revoke = useAnswerFetcher({ key: 'revoke-api-key' });
  if (keys.length === 0) return <p className="text-ink-muted">No API keys yet.</p>;
  // docs/requirements.md §12: a table at desktop width, cards on a phone.
  return (
    <div>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">API keys</caption>
        <thead>
          <tr className="border-b border-stone">
            <th className="py-2 pr-4">Name</th>
            <th className="py-2 pr-4">Key</th>
            <th className="py-2 pr-4">Scopes</th>
            <th className="py-2 pr-4">Created</th>
            <th className="py-2 pr-4">Last used</th>
            <th className="py-2 pr-4">Status</th>
            <th className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className="border-b border-stone/50 align-top">
              <td className="py-2 pr-4 font-medium">{key.name}</td>
              <td className="py-2 pr-4">
                <code>{`${key.keyStart}…`}</code>
              </td>
              <td className="py-2 pr-4">
                <ul>
                  {key.scopes.map((scope) => (
                    <li key={scope}>
                      <code>{scope}</code>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="py-2 pr-4">{formatShopDate(key.createdAt, timeZone)}</td>
              <td className="py-2 pr-4">
                {key.lastUsedAt ? formatShopTime(key.lastUsedAt, timeZone) : 'Never'}
              </td>
              <td className="py-2 pr-4">{key.revokedAt ? 'Revoked' : 'Active'}</td>
              <td className="py-2">
                {key.revokedAt ? null : <RevokeButton apiKey={key} revoke={revoke} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label="API keys" className="grid gap-4 md:hidden">
        {keys.map((key) => (
          <li key={key.id} className="grid gap-2 rounded-2xl border border-stone p-4 text-sm">
            <p className="font-medium break-words">{key.name}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-ink-muted">Key</dt>
              <dd>
                <code>{`${key.keyStart}…`}</code>
              </dd>
              <dt className="text-ink-muted">Scopes</dt>
              <dd>
                <code className="break-words">{key.scopes.join(', ')}</code>
              </dd>
              <dt className="text-ink-muted">Created</dt>
              <dd>{formatShopDate(key.createdAt, timeZone)}</dd>
              <dt className="text-ink-muted">Last used</dt>
              <dd>{key.lastUsedAt ? formatShopTime(key.lastUsedAt, timeZone) : 'Never'}</dd>
              <dt className="text-ink-muted">Status</dt>
              <dd>{key.revokedAt ? 'Revoked' : 'Active'}</dd>
            </dl>
            {key.revokedAt ? null : (
              <div>
                <RevokeButton apiKey={key} revoke={revoke} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RevokeButton({
  apiKey,
  revoke,
}: {
  apiKey: ApiKeySummary;
  revoke: ReturnType<typeof useAnswerFetcher>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => setOpen(true)}
        aria-label={`Revoke ${apiKey.name}`}
      >
        Revoke
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Revoke API key"
        question={`Revoke the key "${apiKey.name}"? Integrations that use it stop working at once.`}
      >
        <revoke.Form method="post">
          <input type="hidden" name="intent" value="revoke-api-key" />
          <input type="hidden" name="keyId" value={apiKey.id} />
          <button type="submit" className={dangerButtonClass} disabled={revoke.state !== 'idle'}>
            Revoke
          </button>
        </revoke.Form>
      </ConfirmDialog>
    </>
  );
}
