import { Check, Copy } from '../ui/icons';
import { useState } from 'react';
import { secondaryButtonClass } from '../ui/classes';

/**
 * docs/requirements.md §11: a new API key or signing secret, shown once with "Copy". The shop keeps only a hash
 * of a key, and never shows a secret again.
 */
export function ApiSecretBox({
  title,
  what,
  secret,
}: {
  title: string;
  /** "key" or "secret": what the owner must copy now. */
  what: string;
  secret: string;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      // A browser without clipboard access: the text is there to select by hand.
      () => setCopied('failed'),
    );
  };
  return (
    <section aria-label={title} className="rounded-2xl border border-brass-700 bg-sand p-4">
      <h3 className="font-semibold">{title}</h3>
      <p className="mt-1 text-sm">{`Copy this ${what} now. It will not be shown again.`}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code className="rounded-lg bg-white px-3 py-2 font-mono text-sm break-all">{secret}</code>
        <button type="button" className={secondaryButtonClass} onClick={copy}>
          {copied === 'yes' ? (
            <Check aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Copy aria-hidden="true" className="h-4 w-4" />
          )}
          Copy
        </button>
        <span role="status" className="text-sm">
          {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Select the text to copy it' : ''}
        </span>
      </div>
    </section>
  );
}
