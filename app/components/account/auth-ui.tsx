/** The identity screens' frame. */
import { ArrowLeft } from '../ui/icons';
import { Link } from 'react-router';

export function AuthShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <Link to="/" className="inline-flex items-center gap-1 py-0.5 text-sm hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Home
      </Link>
      <h1 className="mt-6 font-display text-3xl font-semibold">{title}</h1>
      <div className="mt-6 rounded-2xl border border-stone/70 bg-white/60 p-6">{children}</div>
    </section>
  );
}
