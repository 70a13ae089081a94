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
import { collectionMethodText } from '../../../components/deliveries/delivery-display';
import { formatMoney } from '../../../format/money';
import { useNotifications } from '../../../notifications/notifications';
import type { RejectCollectionModalProps } from './collection-dialogs';
import { COLLECTION_DECISION_ROUTES, COLLECTIONS_TEXT as TEXT } from './collections-config';

/**
 * Registry `RejectCollection` (issue 26): SALES or ADMIN turns down money a driver collected, with the reason
 * (`deliveries.rejectCollection`); it is not taken as a payment. A collection decided meanwhile is refused (409)
 * and the dialog says why.
 */
export default function RejectCollectionModal({
  collection,
  onDismiss,
}: RejectCollectionModalProps & { onDismiss: () => void }) {
  const notify = useNotifications();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const reject = useApiMutation('deliveries.rejectCollection', { invalidates: COLLECTION_DECISION_ROUTES });
  const missing = reason.trim() === '';

  const submit = async () => {
    setTried(true);
    if (missing || reject.isPending) return;
    try {
      await reject.mutateAsync({ params: { id: collection.id }, body: { reason: reason.trim() } });
      notify.success(TEXT.rejected(collection.orderNum));
      onDismiss();
    } catch (error) {
      console.error('Rejecting the collection failed', error);
    }
  };
  const cancel = () => {
    if (!reject.isPending) onDismiss();
  };

  return (
    <Modal
      visible
      header={TEXT.rejectTitle}
      onDismiss={cancel}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={cancel} disabled={reject.isPending}>
              {TEXT.cancel}
            </Button>
            <Button variant="primary" onClick={() => void submit()} loading={reject.isPending}>
              {TEXT.reject}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>
          {collectionMethodText(collection)} of <b>{formatMoney(collection.amount)}</b> collected by{' '}
          {collection.driverName ?? 'the driver'} for order <b>{collection.orderNum}</b> ({collection.customerName}).
        </Box>
        <FormField
          label={TEXT.reason}
          constraintText={TEXT.reasonHint}
          errorText={tried && missing ? TEXT.reasonRequired : undefined}
          stretch
        >
          <Textarea
            value={reason}
            onChange={({ detail }) => setReason(detail.value)}
            rows={3}
            autoFocus
            disabled={reject.isPending}
            ariaRequired
          />
        </FormField>
        {reject.isError && (
          <Alert type="error" statusIconAriaLabel="Error" header={TEXT.rejectFailed}>
            {errorMessage(reject.error, 'Try again.')}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
