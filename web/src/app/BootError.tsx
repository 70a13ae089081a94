import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';

/** Shown when the app cannot start (e.g. /config.json is missing). */
export function BootError({ error }: { error: unknown }) {
  return (
    <Box padding="xxl">
      <Alert
        type="error"
        statusIconAriaLabel="Error"
        header="Back Office could not start"
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      >
        {error instanceof Error ? error.message : 'Unknown error.'}
      </Alert>
    </Box>
  );
}
