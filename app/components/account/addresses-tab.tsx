import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { accountToasts, DEFAULT_ADDRESS_COUNTRY } from '../../../core/account';
import { Field, primaryButtonClass, secondaryButtonClass } from '../ui/field';
import { Modal, ModalClose } from '../ui/modal';
import { useDashboardAction } from './dashboard-answer';

interface Address {
  id: string;
  title: string;
  streetAddress: string;
  apartment: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
}

/** spec §2 Addresses: the default first, a dialog to add or edit, and one default at a time. */
export function AddressesTab({ addresses }: { addresses: Address[] }) {
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  // Held here, not in the card: a deleted card is gone before its answer could be toasted.
  const remove = useDashboardAction(accountToasts.addressDeleted);
  const makeDefault = useDashboardAction({ title: 'Default address updated' });
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
          <AddressForm
            address={editing === 'new' ? null : editing}
            onSaved={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </div>
  );
}

type DashboardFetcher = ReturnType<typeof useDashboardAction>;

function AddressCard({
  address,
  onEdit,
  remove,
  makeDefault,
}: {
  address: Address;
  onEdit: () => void;
  remove: DashboardFetcher;
  makeDefault: DashboardFetcher;
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
        {address.country}
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

function AddressForm({ address, onSaved }: { address: Address | null; onSaved: () => void }) {
  const fetcher = useDashboardAction(
    address ? accountToasts.addressUpdated : accountToasts.addressAdded,
    onSaved,
  );
  const error = fetcher.data?.status === 'error' ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value={address ? 'edit-address' : 'add-address'} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <Field
        label="Address Title"
        name="title"
        placeholder="Home, Work, etc."
        defaultValue={address?.title}
        required
        maxLength={50}
      />
      <Field
        label="Street Address"
        name="streetAddress"
        defaultValue={address?.streetAddress}
        autoComplete="address-line1"
        required
        maxLength={200}
      />
      <Field
        label="Apartment/Suite (Optional)"
        name="apartment"
        defaultValue={address?.apartment ?? ''}
        autoComplete="address-line2"
        maxLength={100}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="City"
          name="city"
          defaultValue={address?.city}
          autoComplete="address-level2"
          required
          maxLength={100}
        />
        <Field
          label="State"
          name="state"
          defaultValue={address?.state}
          autoComplete="address-level1"
          required
          maxLength={100}
        />
        <Field
          label="ZIP Code"
          name="postalCode"
          defaultValue={address?.postalCode}
          autoComplete="postal-code"
          required
          maxLength={20}
        />
        <Field
          label="Country"
          name="country"
          defaultValue={address?.country ?? DEFAULT_ADDRESS_COUNTRY}
          autoComplete="country"
          maxLength={60}
        />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="isDefault" defaultChecked={address?.isDefault ?? false} />
        Set as default address
      </label>
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {address ? 'Update Address' : 'Save Address'}
        </button>
      </div>
    </fetcher.Form>
  );
}
