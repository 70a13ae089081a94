import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';

/** A centred spinner for a page (or the whole app) that is still loading. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <Box textAlign="center" padding="xxxl">
        <Spinner size="large" />
        <Box variant="p" color="text-body-secondary">
          {label}
        </Box>
      </Box>
    </div>
  );
}
