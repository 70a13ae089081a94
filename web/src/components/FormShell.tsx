import type { FormEvent, ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useModals } from '../modals/context';

export interface FormShellProps {
  title: string;
  /** What the form saves, for the failure message: `The <thing> was not saved.` */
  thing: string;
  dirty: boolean;
  busy: boolean;
  canSave: boolean;
  saveLabel: string;
  /** null: no failure; '' a failure without details. */
  failure: string | null;
  onSave: () => void;
  onDismiss: () => void;
  children: ReactNode;
}

/** The add/edit dialog frame: Cancel asks before dropping unsaved changes; Enter in a field submits. */
export default function FormShell({
  title,
  thing,
  dirty,
  busy,
  canSave,
  saveLabel,
  failure,
  onSave,
  onDismiss,
  children,
}: FormShellProps) {
  const { openModal } = useModals();
  const close = () => {
    if (busy) return;
    if (!dirty) return onDismiss();
    openModal('Confirmation', {
      title: 'Unsaved changes',
      message: 'You have unsaved changes. Are you sure you want to close?',
      confirmLabel: 'Yes, close',
      cancelLabel: 'No, go back',
      onConfirm: onDismiss,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave && !busy) onSave();
  };
  return (
    <Modal
      visible
      size="large"
      header={title}
      onDismiss={close}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="primary" onClick={onSave} disabled={!canSave} loading={busy} loadingText="Saving">
              {saveLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <SpaceBetween size="l">
          {failure !== null && (
            <Alert type="error" statusIconAriaLabel="Error">
              The {thing} was not saved.{failure ? ` ${failure}` : ''}
            </Alert>
          )}
          {children}
          <button type="submit" hidden />
        </SpaceBetween>
      </form>
    </Modal>
  );
}
