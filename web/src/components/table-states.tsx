import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/** A table with nothing in it at all. */
export function TableEmptyState({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <Box margin={{ vertical: 'xs' }} textAlign="center" color="inherit">
      <SpaceBetween size="xxs">
        <div>
          <b>{title}</b>
          {subtitle && (
            <Box variant="p" color="inherit">
              {subtitle}
            </Box>
          )}
        </div>
        {action}
      </SpaceBetween>
    </Box>
  );
}

/** A table whose filter hides every row. */
export function TableNoMatchState({ onClearFilter }: { onClearFilter: () => void }) {
  return (
    <Box margin={{ vertical: 'xs' }} textAlign="center" color="inherit">
      <SpaceBetween size="xxs">
        <div>
          <b>No matches</b>
          <Box variant="p" color="inherit">
            We can&apos;t find a match.
          </Box>
        </div>
        <Button onClick={onClearFilter}>Clear filter</Button>
      </SpaceBetween>
    </Box>
  );
}
