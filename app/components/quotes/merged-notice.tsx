/**
 * docs/requirements.md §18 "Merge Requests": a merged request's page says where it went and links there. The link
 * carries no key: a private key opens only its own request (docs/requirements.md §10), so the kept request opens
 * signed in as its account, or from the link in the mail the customer got about the merge.
 */
import { Link } from 'react-router';
import { mergedIntoText } from '../../../core/quotes/request-pieces-texts';

export function MergedNotice({ mergedInto }: { mergedInto: { reference: string } | null }) {
  if (!mergedInto) return null;
  const { reference } = mergedInto;
  const [before] = mergedIntoText(reference).split(reference);
  return (
    <section aria-label="Merged request" className="grid gap-2 rounded-2xl bg-sand p-6">
      <p className="text-lg font-semibold">
        {before}
        <Link to={`/quotes/${reference}`} className="underline underline-offset-2">
          {reference}
        </Link>
      </p>
      <p className="text-ink-muted">
        Its pieces, notes and messages are there now, with our offer. Open it from the e-mail we
        sent you about it, or signed in to your account.
      </p>
    </section>
  );
}
