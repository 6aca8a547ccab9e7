/**
 * The forms of an offer's buttons (docs/requirements.md §10 "What the customer does"): Accept Offer (the shipping
 * address and the payment method), Ask for Changes (a message) and Decline (an optional reason).
 * Each is a Conform form on its `core/` schema, posted through the answer pipeline; the quote page
 * shows them in a dialog, or, without JavaScript, as a section of the page.
 */
import { getFormProps, getInputProps } from '../forms/lazy-form';
import { useState, type ReactNode } from 'react';
import { errorToast } from '../../../core/community/answer';
import { countryName, SHOP_COUNTRY } from '../../../core/identity/countries';
import {
  offerPaymentMethodLabels,
  QUOTE_MESSAGE_MAX,
  type OfferPaymentMethod,
} from '../../../core/quotes/quote-texts';
import type { AcceptFormDefaults } from '../../../server/flows/accept-offer';
import type { Address } from '../../../server/modules/account';
import { FormField, useAnswerForm } from '../forms/answer-form';
import { CountryAndPostalCode } from '../forms/country-postal-fields';
import { useAnswerFetcher } from '../forms/use-answer-fetcher';
import { primaryButtonClass } from '../ui/classes';
import { useHydrated } from '../ui/use-hydrated';
import { characterLimitHint, TextAreaField } from './text-area-field';

/** What every offer form needs: where it posts, the offer it is about, and what to do after. */
interface OfferFormProps {
  /** The quote page's action, with the private link's key when there is one. */
  action: string;
  offerId: string;
  /** After a success: the dialog closes. */
  onDone?: () => void;
  /** The dialog's Cancel; none in the page. */
  cancel?: ReactNode;
}

const messageHint = characterLimitHint(QUOTE_MESSAGE_MAX);

/** A saved address on one line, as the radio list shows it. */
function addressLine(address: Address): string {
  return [
    address.streetAddress,
    address.apartment,
    address.city,
    address.state,
    address.postalCode,
    countryName(address.country),
  ]
    .filter(Boolean)
    .join(', ');
}

const NEW_ADDRESS = '';

/**
 * docs/requirements.md §10 Accept Offer: a saved address for a signed-in customer (or a new one), the Address
 * fields of spec §2 for a guest, and UPI or Bank transfer.
 */
export function AcceptOfferForm({
  action,
  offerId,
  onDone,
  cancel,
  savedAddresses,
  defaults,
  paymentMethods,
}: OfferFormProps & {
  /** docs/requirements.md §21: UPI only when it takes the first payment (core/orders/payment-terms.ts). */
  paymentMethods: readonly OfferPaymentMethod[];
  /** The signed-in customer's addresses; null for a guest. */
  savedAddresses: Address[] | null;
  /** docs/requirements.md §19: the country, name and mobile to start from. */
  defaults: AcceptFormDefaults | null;
}) {
  const hydrated = useHydrated();
  const { fetcher, form, fields } = useAnswerForm({
    schema: () =>
      import('../../../core/quotes/quote-forms').then((module) => module.acceptOfferSchema),
    intent: 'accept',
    invalidToast: errorToast,
    onSuccess: onDone,
  });
  const saved = savedAddresses ?? [];
  const preselected = saved.find((address) => address.isDefault)?.id ?? saved[0]?.id ?? NEW_ADDRESS;
  const [addressChoice, setAddressChoice] = useState(preselected);
  // Without JavaScript nothing can reveal the fields later, so they are always there; the server
  // ignores them when a saved address is chosen (core/quote-offer acceptOfferSchema).
  const showAddressFields = saved.length === 0 || addressChoice === NEW_ADDRESS || !hydrated;
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-5"
    >
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="offerId" value={offerId} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">Shipping address</legend>
        {saved.length > 0 ? (
          <div className="grid gap-2">
            {saved.map((address) => (
              <div
                key={address.id}
                className="flex items-start gap-3 rounded-xl p-3 ring-1 ring-stone/60"
              >
                <input
                  type="radio"
                  id={`${fields.addressId.id}-${address.id}`}
                  name={fields.addressId.name}
                  value={address.id}
                  defaultChecked={address.id === preselected}
                  onChange={() => setAddressChoice(address.id)}
                  className="mt-1"
                />
                <label htmlFor={`${fields.addressId.id}-${address.id}`}>
                  <span className="block font-medium">{address.title}</span>
                  <span className="block text-sm text-ink-muted">{addressLine(address)}</span>
                </label>
              </div>
            ))}
            <label className="flex items-start gap-3 rounded-xl p-3 ring-1 ring-stone/60">
              <input
                type="radio"
                name={fields.addressId.name}
                value={NEW_ADDRESS}
                defaultChecked={preselected === NEW_ADDRESS}
                onChange={() => setAddressChoice(NEW_ADDRESS)}
                className="mt-1"
              />
              <span className="font-medium">A new address</span>
            </label>
          </div>
        ) : null}
        {showAddressFields ? (
          <div className="grid gap-4">
            {/* docs/requirements.md §19: the name and mobile of the request, to change for a delivery */}
            <FormField
              meta={fields.name}
              label="Name"
              autoComplete="name"
              defaultValue={fields.name.initialValue ?? defaults?.name}
            />
            <FormField
              meta={fields.phone}
              label="Mobile Number"
              type="tel"
              autoComplete="tel"
              defaultValue={fields.phone.initialValue ?? defaults?.mobile}
            />
            <FormField
              meta={fields.streetAddress}
              label="Street Address"
              autoComplete="address-line1"
            />
            <FormField
              meta={fields.apartment}
              label="Apartment/Suite (Optional)"
              autoComplete="address-line2"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField meta={fields.city} label="City" autoComplete="address-level2" />
              <FormField meta={fields.state} label="State" autoComplete="address-level1" />
              <CountryAndPostalCode
                country={fields.country}
                postalCode={fields.postalCode}
                defaultCountry={defaults?.country ?? SHOP_COUNTRY}
              />
            </div>
            {defaults?.signedIn ? <SaveAddressCheckbox meta={fields.saveAddress} /> : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset
        className="grid gap-2"
        aria-describedby={
          fields.paymentMethod.errors?.length ? fields.paymentMethod.errorId : undefined
        }
      >
        <legend className="mb-2 font-semibold">Payment method</legend>
        {paymentMethods.map((method) => (
          <label key={method} className="flex items-center gap-3">
            <input
              type="radio"
              name={fields.paymentMethod.name}
              value={method}
              defaultChecked={fields.paymentMethod.initialValue === method}
            />
            {offerPaymentMethodLabels[method]}
          </label>
        ))}
        {fields.paymentMethod.errors?.length ? (
          <p id={fields.paymentMethod.errorId} className="text-sm text-danger">
            {fields.paymentMethod.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        {cancel}
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Accepting…' : 'Accept Offer'}
        </button>
      </div>
    </fetcher.Form>
  );
}

/**
 * docs/requirements.md §19 "Save this address", ticked to start with: a new address joins the signed-in
 * buyer's address book once (server/flows/accept-offer.ts).
 */
function SaveAddressCheckbox({ meta }: { meta: Parameters<typeof getInputProps>[0] }) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' });
  // A post answered with errors keeps the buyer's choice; the first render starts ticked.
  const checked = meta.initialValue === undefined ? true : meta.initialValue === 'on';
  return (
    <label className="flex items-center gap-3">
      <input key={key} {...props} defaultChecked={checked} className="h-5 w-5" />
      Save this address
    </label>
  );
}

/** docs/requirements.md §10 Ask for Changes: a message to the thread, which marks the request for the owner. */
export function AskForChangesForm({ action, offerId, onDone, cancel }: OfferFormProps) {
  const { fetcher, form, fields } = useAnswerForm({
    schema: () =>
      import('../../../core/quotes/quote-forms').then((module) => module.quoteMessageSchema),
    intent: 'ask-changes',
    invalidToast: errorToast,
    onSuccess: onDone,
  });
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="ask-changes" />
      <input type="hidden" name="offerId" value={offerId} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextAreaField
        meta={fields.body}
        label="What would you like changed?"
        hint={messageHint}
        maxLength={QUOTE_MESSAGE_MAX}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {cancel}
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          Ask for Changes
        </button>
      </div>
    </fetcher.Form>
  );
}

/** docs/requirements.md §10 Decline: asks for an optional reason. */
export function DeclineOfferForm({ action, offerId, onDone, cancel }: OfferFormProps) {
  const { fetcher, form, fields } = useAnswerForm({
    schema: () =>
      import('../../../core/quotes/quote-forms').then((module) => module.declineOfferSchema),
    intent: 'decline',
    invalidToast: errorToast,
    onSuccess: onDone,
  });
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="decline" />
      <input type="hidden" name="offerId" value={offerId} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextAreaField
        meta={fields.reason}
        label="Reason (optional)"
        hint={messageHint}
        maxLength={QUOTE_MESSAGE_MAX}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {cancel}
        <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
          Decline Offer
        </button>
      </div>
    </fetcher.Form>
  );
}

/** docs/requirements.md §10 Expired: "Ask for a New Offer" posts at once; there is nothing to fill in. */
export function AskForNewOfferForm({ action, offerId }: Omit<OfferFormProps, 'onDone' | 'cancel'>) {
  const fetcher = useAnswerFetcher();
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="ask-new-offer" />
      <input type="hidden" name="offerId" value={offerId} />
      <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== 'idle'}>
        Ask for a New Offer
      </button>
    </fetcher.Form>
  );
}

/** A refusal that names no field (the server's "This offer has expired."), shown in the form. */
function FormErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
  return errors?.length ? (
    <p id={id} role="alert" className="text-danger">
      {errors[0]}
    </p>
  ) : null;
}
