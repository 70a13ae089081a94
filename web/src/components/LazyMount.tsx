import { useEffect, useRef, useState, type ReactNode } from 'react';
import { afterNextPaint } from './after-next-paint';

export interface LazyMountProps {
  /** Height kept for the content until it is drawn, so nothing below it moves when it arrives. */
  estimatedHeight: number;
  children: ReactNode;
}

/**
 * Draws its content once it comes within a screen of the viewport. A page of many tables or sections draws
 * what the first screen shows at once and the rest as the user scrolls towards it, instead of drawing all of it
 * in one long task while the page loads. Sections that come near together are drawn one per frame (one task
 * each). Once drawn, the content stays.
 */
export default function LazyMount({ estimatedHeight, children }: LazyMountProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (shown || !element) return;
    let cancel: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (cancel || !entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        cancel = afterNextPaint(() => setShown(true));
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancel?.();
    };
  }, [shown]);
  if (shown) return <>{children}</>;
  return <div ref={placeholder} style={{ minHeight: estimatedHeight }} aria-busy="true" />;
}
