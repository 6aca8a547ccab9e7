/** The address dialog's form, loaded when the dialog first opens (the dashboard's JavaScript budget). */
import { getFormProps, getInputProps } from '../forms/lazy-form';
import { errorToast } from '../../../core/community/answer';
import { DEFAULT_ADDRESS_COUNTRY } from '../../../core/identity/account-texts';
import { countryCodeOf } from '../../../core/identity/countries';
import type { Address } from '../../../server/modules/account';
import { primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { ModalClose } from '../ui/lazy-modal';
import { CountryAndPostalCode } from '../forms/country-postal-fields';
import { FormField, useAnswerForm } from '../forms/answer-form';

/** The add and edit dialog; its limits come from the shared schema (core/identity/account.ts). */
export function AddressForm({
  address,
  onSaved,
}: {
  address: Address | null;
  onSaved: () => void;
}) {
  const { fetcher, form, fields, answer } = useAnswerForm({
    schema: () =>
      import('../../../core/identity/account').then((module) =>
        address ? module.addressEditSchema : module.addressSchema,
      ),
    intent: address ? 'edit-address' : 'add-address',
    invalidToast: errorToast,
    onSuccess: onSaved,
  });
  const error = answer && answer.status !== 'ok' && !answer.result?.error ? answer.message : null;
  const initial = (name: keyof Address, fallback = '') =>
    String(address?.[name] ?? fallback) || undefined;
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={address ? 'edit-address' : 'add-address'} />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}
      <FormField
        meta={fields.title}
        label="Address Title"
        placeholder="Home, Work, etc."
        defaultValue={initial('title')}
      />
      <FormField
        meta={fields.streetAddress}
        label="Street Address"
        defaultValue={initial('streetAddress')}
        autoComplete="address-line1"
      />
      <FormField
        meta={fields.apartment}
        label="Apartment/Suite (Optional)"
        defaultValue={initial('apartment')}
        autoComplete="address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          meta={fields.city}
          label="City"
          defaultValue={initial('city')}
          autoComplete="address-level2"
        />
        <FormField
          meta={fields.state}
          label="State"
          defaultValue={initial('state')}
          autoComplete="address-level1"
        />
        {/* docs/requirements.md §19: a Country select; the postal code's label and rule follow it */}
        <CountryAndPostalCode
          country={fields.country}
          postalCode={fields.postalCode}
          defaultCountry={countryCodeOf(address?.country) ?? DEFAULT_ADDRESS_COUNTRY}
          defaultPostalCode={initial('postalCode')}
        />
      </div>
      <DefaultCheckbox meta={fields.isDefault} checked={address?.isDefault ?? false} />
      <div className="flex justify-end gap-3">
        <ModalClose className={secondaryButtonClass}>Cancel</ModalClose>
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {address ? 'Update Address' : 'Save Address'}
        </button>
      </div>
    </fetcher.Form>
  );
}

function DefaultCheckbox({
  meta,
  checked,
}: {
  meta: Parameters<typeof getInputProps>[0];
  checked: boolean;
}) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' });
  return (
    <label className="flex items-center gap-2">
      <input key={key} {...props} defaultChecked={checked} />
      Set as default address
    </label>
  );
}
