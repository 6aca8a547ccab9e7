import { clsx } from 'clsx';
import { useEffect, useRef, useState, type ComponentPropsWithoutRef } from 'react';

// spec §2 / §9: sections fade in once 10% visible, and stay visible.
const REVEAL_THRESHOLD = 0.1;

/**
 * A section that fades in when a tenth of it scrolls into view. The server HTML is fully
 * visible, so the content is there without JavaScript; sections already on screen and visitors
 * who prefer reduced motion never hide at all.
 */
export function RevealSection({ className, ...props }: ComponentPropsWithoutRef<'section'>) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<'shown' | 'waiting' | 'revealed'>('shown');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const { top } = element.getBoundingClientRect();
    if (top < window.innerHeight) return;
    setState('waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState('revealed');
          observer.disconnect();
        }
      },
      { threshold: REVEAL_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <section
      ref={ref}
      data-reveal={state}
      className={clsx(
        'transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none',
        state === 'waiting' ? 'translate-y-6 opacity-0' : 'translate-y-0 opacity-100',
        className,
      )}
      {...props}
    />
  );
}
