/**
 * docs/decisions/026: the approximate amount after a rupee amount, " (≈ US$41)", nothing for rupees only.
 * Loaded as a deferred section (app/components/ui/approximate.tsx): its code and the conversion's
 * are not in the pages' first load.
 */
import { useRouteLoaderData } from 'react-router';
import { approximateText, type DisplayRate } from '../../../core/money/display-amount';
import type { loader as rootLoader } from '../../root';

/** The rate this page's amounts are shown in (the root's), or null for rupees only. */
export function useDisplayRate(): DisplayRate | null {
  return useRouteLoaderData<typeof rootLoader>('root')?.currency?.rate ?? null;
}

export function ApproximateAmount({ paise }: { paise: number }) {
  const rate = useDisplayRate();
  if (!rate) return null;
  return <span className="whitespace-nowrap text-ink-muted"> {approximateText(paise, rate)}</span>;
}
