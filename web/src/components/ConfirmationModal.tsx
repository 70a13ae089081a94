import { useState, type ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { errorMessage } from '../api/client';

export interface ConfirmationModalProps {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger`: an irreversible action; the dialog says so. */
  variant?: 'normal' | 'danger';
  /** May be async: the button shows a spinner until it settles; the dialog closes on success and shows the error otherwise. */
  onConfirm: () => unknown;
  /** Called when the dialog is closed without confirming. */
  onCancel?: () => void;
}

declare module '../modals/context' {
  interface ModalPropsByName {
    Confirmation: ConfirmationModalProps;
  }
}

export default function ConfirmationModal({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'normal',
  onConfirm,
  onCancel,
  onDismiss,
}: ConfirmationModalProps & { onDismiss: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancel = () => {
    if (busy) return;
    onCancel?.();
    onDismiss();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onDismiss();
    } catch (e) {
      console.error(e);
      setError(errorMessage(e, 'Something went wrong. Try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      size="small"
      header={title}
      onDismiss={cancel}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={cancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button variant="primary" onClick={() => void confirm()} loading={busy}>
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>{message}</Box>
        {variant === 'danger' && (
          <Alert type="warning" statusIconAriaLabel="Warning">
            This cannot be undone.
          </Alert>
        )}
        {error && (
          <Alert type="error" statusIconAriaLabel="Error" header="The action failed">
            {error}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
