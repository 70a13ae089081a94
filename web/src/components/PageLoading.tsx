import { useEffect, useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

interface PageLoadingProps {
  label?: string;
  /** Shows nothing for this long first (ms), so a wait that ends sooner never flashes a spinner. */
  delayMs?: number;
}

/** A centred spinner for a page (or the whole app) that is still loading. */
export function PageLoading({ label = 'Loading', delayMs = 0 }: PageLoadingProps) {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [shown, delayMs]);
  return (
    <div role="status" aria-live="polite">
      {shown && (
        <Box textAlign="center" padding="xxxl">
          <Spinner size="large" />
          <Box variant="p" color="text-body-secondary">
            {label}
          </Box>
        </Box>
      )}
    </div>
  );
}
