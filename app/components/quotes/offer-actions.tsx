/**
 * The current offer's buttons (docs/requirements.md §10): "Accept Offer", "Ask for Changes" and "Decline", as the
 * offer state machine allows them now (core/quote-offer customerActionsFor, via the view), and
 * "Ask for a New Offer" once it has expired. Each of the first three opens its form in a dialog;
 * before hydration or without JavaScript it is a GET form that opens the page again with that
 * form as a section of it (`?form=`), so every action works without scripts too.
 */
import { useState, type ReactNode } from 'react';
import type { CustomerOfferAction } from '../../../core/quotes/quote-offer';
import type { OfferPaymentMethod } from '../../../core/quotes/quote-texts';
import type { QuotePageForm } from '../../../core/forms/route-query-fields';
import type { AcceptFormDefaults } from '../../../server/flows/accept-offer';
import type { Address } from '../../../server/modules/account';
import { primaryButtonClass, secondaryButtonClass } from '../ui/classes';
import { Modal, ModalClose } from '../ui/lazy-modal';
import { useHydrated } from '../ui/use-hydrated';
import {
  AcceptOfferForm,
  AskForChangesForm,
  AskForNewOfferForm,
  DeclineOfferForm,
} from './offer-forms';

/** The id of the page's form section, which the no-JavaScript buttons scroll to. */
const FORM_SECTION_ID = 'offer-form';

const forms: Record<QuotePageForm, { button: string; title: string; description: string }> = {
  accept: {
    button: 'Accept Offer',
    title: 'Accept Offer',
    description: 'Where should we send your order, and how will you pay?',
  },
  'ask-changes': {
    button: 'Ask for Changes',
    title: 'Ask for Changes',
    description: 'Tell us what to change, and we will send you a revised offer.',
  },
  decline: {
    button: 'Decline',
    title: 'Decline Offer',
    description: 'You can tell us why, if you like.',
  },
};

/** The page's forms of these actions, in the order their buttons show. */
const formOrder: QuotePageForm[] = ['accept', 'ask-changes', 'decline'];

export interface OfferFormTarget {
  reference: string;
  accessKey: string | null;
  offerId: string;
  /** The quote page's action, with the key. */
  action: string;
  /** The signed-in customer's saved addresses; null for a guest. */
  savedAddresses: Address[] | null;
  /** docs/requirements.md §19: the Accept Offer form's country, name and mobile; null when it is not offered. */
  acceptDefaults: AcceptFormDefaults | null;
  /**
   * docs/requirements.md §21: the methods the accept form offers; UPI only when it takes the first
   * payment.
   */
  paymentMethods: OfferPaymentMethod[];
}

export function OfferActions({
  target,
  actions,
}: {
  target: OfferFormTarget;
  actions: readonly CustomerOfferAction[];
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<QuotePageForm | null>(null);
  const available = formOrder.filter((form) => actions.includes(form));
  return (
    <>
      {available.length > 0 ? (
        <form
          method="get"
          action={`/quotes/${target.reference}#${FORM_SECTION_ID}`}
          className="flex flex-wrap gap-3"
        >
          {target.accessKey ? <input type="hidden" name="key" value={target.accessKey} /> : null}
          {available.map((form) => (
            <button
              key={form}
              type="submit"
              name="form"
              value={form}
              aria-haspopup={hydrated ? 'dialog' : undefined}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setOpen(form);
              }}
              className={form === 'accept' ? primaryButtonClass : secondaryButtonClass}
            >
              {forms[form].button}
            </button>
          ))}
        </form>
      ) : null}
      {actions.includes('ask-new-offer') ? (
        <AskForNewOfferForm action={target.action} offerId={target.offerId} />
      ) : null}
      <Modal
        open={open !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setOpen(null);
        }}
        title={open ? forms[open].title : ''}
        description={open ? forms[open].description : undefined}
      >
        {open ? (
          <OfferForm
            form={open}
            target={target}
            onDone={() => setOpen(null)}
            cancel={<ModalClose className={secondaryButtonClass}>Cancel</ModalClose>}
          />
        ) : null}
      </Modal>
    </>
  );
}

function OfferForm({
  form,
  target,
  onDone,
  cancel,
}: {
  form: QuotePageForm;
  target: OfferFormTarget;
  onDone?: () => void;
  cancel?: ReactNode;
}) {
  const common = { action: target.action, offerId: target.offerId, onDone, cancel };
  if (form === 'accept') {
    return (
      <AcceptOfferForm
        {...common}
        savedAddresses={target.savedAddresses}
        defaults={target.acceptDefaults}
        paymentMethods={target.paymentMethods}
      />
    );
  }
  if (form === 'ask-changes') return <AskForChangesForm {...common} />;
  return <DeclineOfferForm {...common} />;
}

/** Without JavaScript: the form a button asked for, as a section of the page. */
export function OfferFormSection({
  form,
  target,
  actions,
}: {
  form: QuotePageForm | null;
  target: OfferFormTarget;
  actions: readonly CustomerOfferAction[];
}) {
  if (!form || !actions.includes(form)) return null;
  return (
    <section
      id={FORM_SECTION_ID}
      aria-labelledby={`${FORM_SECTION_ID}-heading`}
      className="rounded-2xl bg-white p-6 ring-1 ring-stone/60"
    >
      <h2 id={`${FORM_SECTION_ID}-heading`} className="font-display text-2xl font-semibold">
        {forms[form].title}
      </h2>
      <p className="mt-1 text-ink-muted">{forms[form].description}</p>
      <div className="mt-5">
        <OfferForm form={form} target={target} />
      </div>
    </section>
  );
}
