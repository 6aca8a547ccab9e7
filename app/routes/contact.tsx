import { Clock, Mail, MapPin, Phone } from '../components/ui/icons';
import { useActionData } from 'react-router';
import type { AnswerToast } from '../../core/community/answer';
import { contactMessageSchema } from '../../core/community/contact';
import { contactPage, faqPage } from '../../content/pages';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent } from '../../server/http/answer';
import { appContext } from '../../server/http/app-context';
import { retryAfterHeaders } from '../../server/http/form-guard';
import { createContactMessage } from '../../server/modules/contact';
import { Honeypot } from '../components/community/honeypot';
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  schemaValidator,
  useFormConstraints,
  useLazyForm,
  type FieldMetadata,
} from '../components/forms/lazy-form';
import { useAnswerFetcher } from '../components/forms/use-answer-fetcher';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { Accordion } from '../components/ui/accordion';
import { toast } from '../components/ui/toast-store';
import type { Route } from './+types/contact';

// spec §8: the contact toasts
const contactToasts = {
  sent: { title: 'Message sent!', description: 'We will reply within 24 hours.' },
  invalid: {
    title: 'Validation Error',
    description: 'Please check the form for errors.',
    variant: 'destructive',
  },
  failure: {
    title: 'Error',
    description: 'Failed to send message. Please try again.',
    variant: 'destructive',
  },
  unexpected: {
    title: 'Error',
    description: 'An unexpected error occurred. Please try again.',
    variant: 'destructive',
  },
} as const satisfies Record<string, AnswerToast>;

export function loader({ context }: Route.LoaderArgs) {
  const { phone, shopEmail, address, whatsappNumber, businessHours } = context.get(appContext).site;
  // The page's texts and the FAQ are HTML from the server, not part of its JavaScript (docs/decisions/020).
  const { title, lead } = contactPage;
  return {
    title,
    lead,
    faq: faqPage.questions,
    phone,
    shopEmail,
    address,
    whatsappNumber,
    businessHours,
    formConstraints: intentConstraints(contactIntents),
  };
}

const contactIntents = {
  contact: intent({
    schema: contactMessageSchema,
    rateLimit: 'contact',
    honeypot: true,
    run: (fields, { app }) => createContactMessage(app.db, app.actor, fields, app.clock()),
    success: contactToasts.sent,
    invalid: () => contactToasts.invalid,
    failure: (_message, _fields, code) =>
      code === 'unexpected' ? contactToasts.unexpected : contactToasts.failure,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  return answerAction(
    { request, params, context },
    { intents: contactIntents, defaultIntent: 'contact' },
    context.get(appContext),
  );
}

export const headers = retryAfterHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, args.loaderData?.title, args.loaderData?.lead);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const site = loaderData;
  return (
    <SimplePage title={site.title} lead={site.lead}>
      <div className="grid gap-10 md:grid-cols-[3fr_2fr]">
        <section aria-labelledby="message-heading">
          <h2 id="message-heading" className="text-2xl font-semibold">
            Send us a message
          </h2>
          <div className="mt-4 rounded-2xl bg-white p-6 ring-1 ring-stone/60">
            <ContactForm />
          </div>
        </section>
        <section aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-2xl font-semibold">
            Reach us directly
          </h2>
          <ul className="mt-4 space-y-4">
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-1 h-5 w-5 text-brass-700" />
              <span>
                <a href={`tel:${site.phone.replace(/\s/g, '')}`} className="inline-block underline">
                  {site.phone}
                </a>
                <br />
                <a
                  href={`https://wa.me/${site.whatsappNumber}`}
                  className="inline-block py-0.5 text-sm underline"
                >
                  WhatsApp
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 h-5 w-5 text-brass-700" />
              <a href={`mailto:${site.shopEmail}`} className="underline">
                {site.shopEmail}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-1 h-5 w-5 text-brass-700" />
              {/* docs/requirements.md §12: the postal address may be written over several lines. */}
              <span className="whitespace-pre-line">{site.address}</span>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="mt-1 h-5 w-5 text-brass-700" />
              <span>{site.businessHours}</span>
            </li>
          </ul>
          <p className="mt-6 rounded-xl bg-sand p-4">We reply to every message within 24 hours.</p>
        </section>
      </div>
      <section aria-labelledby="contact-faq-heading">
        <h2 id="contact-faq-heading" className="mb-4 text-2xl font-semibold">
          Before you write
        </h2>
        <Accordion items={site.faq} />
      </section>
    </SimplePage>
  );
}

const inputClass =
  'w-full rounded-lg border border-stone bg-white px-3 py-2 aria-[invalid=true]:border-danger';

function ContactForm() {
  const fetcher = useAnswerFetcher();
  // Without JavaScript the form posts as a document and the answer arrives as action data.
  const documentAnswer = useActionData<typeof action>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const shown = answer ?? documentAnswer;
  const [form, fields] = useLazyForm<'name' | 'email' | 'subject' | 'message'>({
    lastResult: shown?.result,
    constraint: useFormConstraints('contact'),
    loadValidator: schemaValidator(() =>
      import('../../core/community/contact').then((module) => module.contactMessageSchema),
    ),
    // docs/requirements.md §10: only a submit the browser's check refuses shows the validation toast; a valid
    // message never does.
    onInvalidSubmit: () => toast(contactToasts.invalid),
  });

  // No maxLength: the browser would cut the text silently and the schema's length messages
  // (spec §5) could never show. The shared schema enforces the limits here and on the server.
  const controls = [
    { meta: fields.name, label: 'Name', autoComplete: 'name' },
    { meta: fields.email, label: 'Email', autoComplete: 'email' },
    { meta: fields.subject, label: 'Subject', autoComplete: 'off' },
  ] as const;

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      onSubmit={form.onSubmit}
      className="relative grid gap-4"
    >
      <Honeypot />
      {documentAnswer && !answer ? (
        <p
          role={documentAnswer.status === 'ok' ? 'status' : 'alert'}
          className="rounded-xl bg-sand p-3 font-medium"
        >
          {documentAnswer.toast
            ? `${documentAnswer.toast.title} ${documentAnswer.toast.description ?? ''}`.trim()
            : null}
        </p>
      ) : null}
      {controls.map(({ meta, label, autoComplete }) => {
        const { key, ...props } = getInputProps(meta, {
          type: meta.name === 'email' ? 'email' : 'text',
        });
        return (
          <div key={key ?? meta.name} className="grid gap-1">
            <label htmlFor={meta.id} className="font-medium">
              {label}
            </label>
            <input {...props} autoComplete={autoComplete} className={inputClass} />
            {meta.errors?.length ? (
              <p id={meta.errorId} className="text-sm text-danger">
                {meta.errors[0]}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="grid gap-1">
        <label htmlFor={fields.message.id} className="font-medium">
          Message
        </label>
        <MessageBox field={fields.message} />
        {fields.message.errors?.length ? (
          <p id={fields.message.errorId} className="text-sm text-danger">
            {fields.message.errors[0]}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        className="justify-self-start rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800 disabled:opacity-60"
      >
        {fetcher.state !== 'idle' ? 'Sending…' : 'Send Message'}
      </button>
    </fetcher.Form>
  );
}

function MessageBox({ field }: { field: FieldMetadata }) {
  const { key, ...props } = getTextareaProps(field);
  return <textarea key={key} {...props} rows={6} className={inputClass} />;
}
