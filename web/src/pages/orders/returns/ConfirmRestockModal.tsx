import { useState } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { errorMessage } from '../../../api/client';
import { useApiMutation } from '../../../api/hooks';
import type { ConfirmRestockModalProps } from '../../../components/returns/return-dialogs';
import { DISPOSITION_LABELS } from '../../../components/returns/return-display';
import { formatUnits } from '../../../format/counts';
import { useNotifications } from '../../../notifications/notifications';
import { RETURN_LIST_ROUTES } from './return-routes';
import { CONFIRM_RESTOCK_TEXT as TEXT } from './return-text';
import './returns.css';

/**
 * Registry `ConfirmRestock` (issue 23, section 3): INVENTORY (or ADMIN) confirms that a return's restocked units
 * are back on the shelf, with an optional note (`returns.confirmRestock`); the return then shows who confirmed
 * it and when.
 */
export default function ConfirmRestockModal({
  creditNote,
  onDismiss,
}: ConfirmRestockModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const [note, setNote] = useState('');
  const confirm = useApiMutation('returns.confirmRestock', { invalidates: RETURN_LIST_ROUTES });
  const restocked = creditNote.lines.filter((l) => l.disposition === 'RESTOCK');

  const submit = async () => {
    if (confirm.isPending) return;
    try {
      const trimmed = note.trim();
      await confirm.mutateAsync({ params: { id: creditNote.id }, body: trimmed ? { note: trimmed } : {} });
      notify.success(TEXT.done(creditNote.creditNoteNum));
      onDismiss();
    } catch (error) {
      console.error('Restock confirmation failed', error);
    }
  };
  const cancel = () => {
    if (!confirm.isPending) onDismiss();
  };

  return (
    <Modal
      visible
      header={TEXT.title(creditNote.creditNoteNum)}
      onDismiss={cancel}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={cancel} disabled={confirm.isPending}>
              {TEXT.cancel}
            </Button>
            <Button variant="primary" onClick={() => void submit()} loading={confirm.isPending}>
              {TEXT.confirm}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <SpaceBetween size="xxs">
          <Box>{TEXT.intro}</Box>
          <ul className="bo-return-outcome" aria-label={DISPOSITION_LABELS.RESTOCK}>
            {restocked.map((l) => (
              <li key={l.productId}>
                {formatUnits(l.quantity)} × {l.productName}{' '}
                <Box variant="span" color="text-body-secondary">
                  ({l.productSku}
                  {l.batches.length > 0 &&
                    `; batch ${l.batches.map((b) => `${b.batchNumber ?? b.batchId} × ${b.quantity}`).join(', ')}`}
                  )
                </Box>
              </li>
            ))}
          </ul>
        </SpaceBetween>
        <FormField label={TEXT.note} constraintText={TEXT.notesHint} stretch>
          <Textarea
            value={note}
            onChange={({ detail }) => setNote(detail.value)}
            rows={2}
            autoFocus
            disabled={confirm.isPending}
          />
        </FormField>
        {confirm.isError && (
          <Alert type="error" statusIconAriaLabel="Error" header={TEXT.failed}>
            {errorMessage(confirm.error, 'Try again.')}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
