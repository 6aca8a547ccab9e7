import { Form, Link } from 'react-router';

/** What one unsubscribe link's page says at each of its three steps. */
export interface UnsubscribeTexts {
  /** Before the button: the question, and whose mail stops. */
  askHeading: string;
  ask: (email: string) => string;
  /** After it. */
  doneHeading: string;
  done: (email: string) => string;
  /** A link whose token names nobody (forged, or for another purpose). */
  invalid: string;
}

/**
 * An unsubscribe link's page (the newsletter's, docs/requirements.md §21's price-drop alerts'): opening it only
 * asks, so mail scanners that follow links turn nothing off; its button posts to the same address.
 */
export function UnsubscribePage({
  token,
  email,
  outcome,
  texts,
}: {
  token: string;
  email: string | null;
  outcome: 'unsubscribed' | 'invalid' | undefined;
  texts: UnsubscribeTexts;
}) {
  let body;
  if (outcome === 'unsubscribed' && email) {
    body = (
      <>
        <h1 className="text-3xl font-semibold">{texts.doneHeading}</h1>
        <p role="status" className="mt-4 text-lg text-ink-muted">
          {texts.done(email)}
        </p>
      </>
    );
  } else if (!email || outcome === 'invalid') {
    body = (
      <>
        <h1 className="text-3xl font-semibold">This link is not valid</h1>
        <p role="alert" className="mt-4 text-lg text-ink-muted">
          {texts.invalid}
        </p>
      </>
    );
  } else {
    body = (
      <>
        <h1 className="text-3xl font-semibold">{texts.askHeading}</h1>
        <p className="mt-4 text-lg text-ink-muted">{texts.ask(email)}</p>
        <Form method="post" action={`?token=${encodeURIComponent(token)}`} className="mt-8">
          <button
            type="submit"
            className="rounded-full bg-ink px-6 py-3 font-medium text-ivory hover:bg-brass-800"
          >
            Unsubscribe
          </button>
        </Form>
      </>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      {body}
      <Link to="/" className="mt-8 block text-brass-700 underline underline-offset-4">
        Return to Home
      </Link>
    </section>
  );
}
