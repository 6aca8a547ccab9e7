import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { SubmissionResult } from '@conform-to/react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { data, useActionData, useFetcher } from 'react-router';
import { contactMessageSchema } from '../../core/contact';
import { contactPage, faqPage } from '../../content/pages';
import { appContext, type AppContext } from '../../server/http/app-context';
import { readFormData } from '../../server/http/form-content-type';
import { rateLimitedReply, retryAfterHeaders } from '../../server/http/form-guard';
import { createContactMessage } from '../../server/modules/contact';
import { contactMessageMail } from '../../server/modules/notifications';
import { Honeypot, isRobotSubmission } from '../components/community/honeypot';
import { cappedReply, schemaFieldsOf } from '../components/forms/form-reply';
import { pageMeta, SimplePage } from '../components/layout/simple-page';
import { Accordion } from '../components/ui/accordion';
import { toast } from '../components/ui/toast-store';
import { tooManyRequestsToast, useOnAnswer } from '../components/ui/use-answer';
import type { Route } from './+types/contact';

const { title, lead } = contactPage;

type ContactActionData =
  | { status: 'sent'; result: SubmissionResult<string[]> }
  | { status: 'invalid'; result: SubmissionResult<string[]> }
  | { status: 'error'; result: SubmissionResult<string[]> | null }
  | { status: 'unexpected' }
  | { status: 'rate-limited'; message: string };

// spec §8: the contact toasts
const contactToasts = {
  sent: { title: 'Message sent!', description: 'We will reply within 24 hours.' },
  invalid: { title: 'Validation Error', description: 'Please check the form for errors.' },
  failure: { title: 'Error', description: 'Failed to send message. Please try again.' },
  unexpected: { title: 'Error', description: 'An unexpected error occurred. Please try again.' },
} as const;

/** What a visitor without JavaScript reads after posting the form. */
function outcomeText(answer: ContactActionData): string {
  if (answer.status === 'rate-limited') return answer.message;
  const toastText = contactToasts[answer.status === 'error' ? 'failure' : answer.status];
  return `${toastText.title} ${toastText.description}`;
}

const parseContactForm = (formData: FormData) =>
  parseWithZod(formData, { schema: contactMessageSchema, disableAutoCoercion: true });

export function loader({ context }: Route.LoaderArgs) {
  const { phone, shopEmail, address, whatsappNumber, businessHours } =
    context.get(appContext).config.site;
  return { phone, shopEmail, address, whatsappNumber, businessHours };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  // spec §8: whatever fails on the way (the rate limiter's store, reading the body) is answered
  // with the generic text, in the form, rather than the root error page.
  try {
    return await sendContactMessage(app, request);
  } catch (error) {
    // issue 14 (finding 7): a body that cannot be read as a form is the sender's fault (a 4xx from
    // readFormData); the form still shows the generic error.
    if (error instanceof Response)
      return data<ContactActionData>({ status: 'unexpected' }, { status: error.status });
    app.logger.error({ err: error }, 'contact form failed unexpectedly');
    return data<ContactActionData>({ status: 'unexpected' }, { status: 500 });
  }
}

async function sendContactMessage(app: AppContext, request: Request) {
  const { db, logger } = app;
  const limited = await rateLimitedReply(app, 'contact');
  if (limited) return data<ContactActionData>(limited.body, limited.init);
  const formData = await readFormData(request);
  const submission = parseContactForm(schemaFieldsOf(formData, contactMessageSchema));
  if (isRobotSubmission(formData)) {
    return data<ContactActionData>({
      status: 'sent',
      result: cappedReply(submission, contactMessageSchema, { resetForm: true }),
    });
  }
  if (submission.status !== 'success') {
    return data<ContactActionData>(
      { status: 'invalid', result: cappedReply(submission, contactMessageSchema) },
      { status: 400 },
    );
  }
  try {
    const stored = await createContactMessage(db, app.actor, submission.value);
    app.mailer.sendLater(contactMessageMail(stored, app.config));
    return data<ContactActionData>({
      status: 'sent',
      result: cappedReply(submission, contactMessageSchema, { resetForm: true }),
    });
  } catch (error) {
    logger.error({ err: error }, 'contact message failed');
    return data<ContactActionData>({ status: 'error', result: null }, { status: 500 });
  }
}

export const headers = retryAfterHeaders;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, title, lead);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const site = loaderData;
  return (
    <SimplePage title={title} lead={lead}>
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
                <a href={`tel:${site.phone.replace(/\s/g, '')}`} className="underline">
                  {site.phone}
                </a>
                <br />
                <a href={`https://wa.me/${site.whatsappNumber}`} className="text-sm underline">
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
              <span>{site.address}</span>
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
        <Accordion items={faqPage.questions} />
      </section>
    </SimplePage>
  );
}

const inputClass =
  'w-full rounded-lg border border-stone bg-white px-3 py-2 aria-[invalid=true]:border-danger';

function ContactForm() {
  const fetcher = useFetcher<ContactActionData>();
  // Without JavaScript the form posts as a document and the answer arrives as action data.
  const documentAnswer = useActionData<ContactActionData>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const shown = answer ?? documentAnswer;
  const [form, fields] = useForm({
    lastResult: shown && 'result' in shown ? shown.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseContactForm(formData),
  });

  useOnAnswer(answer, (outcome) => {
    if (outcome.status === 'sent') toast(contactToasts.sent);
    else if (outcome.status === 'invalid')
      toast({ ...contactToasts.invalid, variant: 'destructive' });
    else if (outcome.status === 'rate-limited') toast(tooManyRequestsToast(outcome.message));
    else if (outcome.status === 'unexpected')
      toast({ ...contactToasts.unexpected, variant: 'destructive' });
    else toast({ ...contactToasts.failure, variant: 'destructive' });
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
      onSubmit={(event) => {
        const valid = parseContactForm(new FormData(event.currentTarget)).status === 'success';
        form.onSubmit(event);
        if (!valid) toast({ ...contactToasts.invalid, variant: 'destructive' });
      }}
      className="relative grid gap-4"
    >
      <Honeypot />
      {documentAnswer && !answer ? (
        <p
          role={documentAnswer.status === 'sent' ? 'status' : 'alert'}
          className="rounded-xl bg-sand p-3 font-medium"
        >
          {outcomeText(documentAnswer)}
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

function MessageBox({ field }: { field: Parameters<typeof getTextareaProps>[0] }) {
  const { key, ...props } = getTextareaProps(field);
  return <textarea key={key} {...props} rows={6} className={inputClass} />;
}
