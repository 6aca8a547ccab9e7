import { MapPin, Pencil, Plus, Trash2 } from '../ui/icons';
import { lazy, Suspense, useState } from 'react';
import { countryName } from '../../../core/identity/countries';
import type { Address } from '../../../server/modules/account';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { secondaryButtonClass } from '../ui/classes';
import { Modal } from '../ui/lazy-modal';

const AddressForm = lazy(() =>
  import('./address-form').then((module) => ({ default: module.AddressForm })),
);

/** spec §2 Addresses: the default first, a dialog to add or edit, and one default at a time. */
export function AddressesTab({ addresses }: { addresses: Address[] }) {
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  // Held here, not in the card: a deleted card is gone before its answer could be toasted.
  const remove = useAnswerFetcher({ key: 'delete-address' });
  const makeDefault = useAnswerFetcher({ key: 'default-address' });
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-2xl font-semibold">Saved Addresses</h2>
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add Address
        </button>
      </div>
      {addresses.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-sand p-10 text-center">
          <MapPin aria-hidden="true" className="mx-auto h-8 w-8 text-brass-700" />
          <p className="mt-2 text-lg font-medium">No saved addresses</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              onEdit={() => setEditing(address)}
              remove={remove}
              makeDefault={makeDefault}
            />
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' ? 'Add New Address' : 'Edit Address'}
      >
        {editing ? (
          <Suspense fallback={<p className="text-ink-muted">Loading the form…</p>}>
            <AddressForm
              address={editing === 'new' ? null : editing}
              onSaved={() => setEditing(null)}
            />
          </Suspense>
        ) : null}
      </Modal>
    </div>
  );
}

type AnswerFetcher = ReturnType<typeof useAnswerFetcher>;

function AddressCard({
  address,
  onEdit,
  remove,
  makeDefault,
}: {
  address: Address;
  onEdit: () => void;
  remove: AnswerFetcher;
  makeDefault: AnswerFetcher;
}) {
  return (
    <li aria-label={address.title} className="rounded-2xl border border-stone/70 bg-white p-5">
      <div className="flex items-start justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 className="font-display text-lg font-semibold">{address.title}</h3>
          {address.isDefault ? (
            <span className="rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-ivory">
              Default
            </span>
          ) : null}
        </div>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit ${address.title}`}
            className="rounded-full p-2 hover:bg-sand"
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </button>
          <remove.Form method="post">
            <input type="hidden" name="intent" value="delete-address" />
            <input type="hidden" name="id" value={address.id} />
            <button
              type="submit"
              aria-label={`Delete ${address.title}`}
              className="rounded-full p-2 hover:bg-sand"
              disabled={remove.state !== 'idle'}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </remove.Form>
        </div>
      </div>
      <address className="mt-2 not-italic text-ink-muted">
        {address.streetAddress}
        {address.apartment ? `, ${address.apartment}` : ''}
        <br />
        {address.city}, {address.state} {address.postalCode}
        <br />
        {/* docs/requirements.md §19: stored as its code ("IN"), shown by its name ("India") */}
        {countryName(address.country)}
      </address>
      {address.isDefault ? null : (
        <makeDefault.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="default-address" />
          <input type="hidden" name="id" value={address.id} />
          <button
            type="submit"
            className="text-sm underline"
            disabled={makeDefault.state !== 'idle'}
          >
            Set as default
          </button>
        </makeDefault.Form>
      )}
    </li>
  );
}
