import { useState, type FormEvent } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import {
  addBatchBody,
  canSeeCosts,
  CATALOG_WRITERS,
  isAllowed,
  updateProductBody,
  type Batch,
  type Product,
} from '@bo/shared';
import { errorMessage } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useSession } from '../../auth/session';
import PendingOrdersPopover from '../../components/PendingOrdersPopover';
import ProductImage from '../../components/ProductImage';
import StockBadge from '../../components/StockBadge';
import WindowDatePicker from '../../components/WindowDatePicker';
import { useModals } from '../../modals/context';
import { useNotifications } from '../../notifications/notifications';
import { formatDate, formatDay } from '../../format/dates';
import { PRODUCT_STATUS_LABELS } from '../../format/statuses';
import { formatPrice, formatWeight, GENETICS_LABELS } from './products-config';
import DialogNotifications from '../../notifications/DialogNotifications';

export interface ViewProductModalProps {
  productId: string;
  /** Shown in the title while the product loads. */
  name?: string;
}

declare module '../../modals/context' {
  interface ModalPropsByName {
    ViewProduct: ViewProductModalProps;
  }
}

const INVALIDATES = ['products.getAll', 'products.getByID', 'products.getBySku', 'changelog.getAll'] as const;
const today = () => new Date().toISOString().slice(0, 10);
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** Add batch: batch number, received on, quantity, checked in. */
function AddBatchForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const notify = useNotifications();
  const [batchNumber, setBatchNumber] = useState('');
  const [receivedOn, setReceivedOn] = useState(today());
  const [quantity, setQuantity] = useState('');
  const [checkedIn, setCheckedIn] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useApiMutation('products.addBatch', { invalidates: [...INVALIDATES] });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = addBatchBody.safeParse({
      batchNumber,
      receivedOn,
      isCheckedIn: checkedIn,
      initialQuantity: quantity.trim() === '' ? undefined : Number(quantity),
    });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      return setErrors(out);
    }
    setErrors({});
    add.mutate(
      { params: { productId: product.id }, body: parsed.data },
      {
        onSuccess: (batch) => {
          notify.success(`Batch ${batch.batchNumber} added to ${product.name}`);
          onDone();
        },
        onError: (error) => {
          console.error('Adding the batch failed', error);
          setFailure(errorMessage(error, 'The batch was not added.'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add batch">
      <Container header={<Header variant="h3">Add batch</Header>}>
        <SpaceBetween size="s">
          <SpaceBetween direction="horizontal" size="s">
            <FormField label="Batch number" errorText={errors.batchNumber}>
              <Input
                value={batchNumber}
                onChange={({ detail }) => setBatchNumber(detail.value)}
                ariaLabel="Batch number"
              />
            </FormField>
            <FormField label="Received on" errorText={errors.receivedOn}>
              <WindowDatePicker
                value={receivedOn}
                onChange={({ detail }) => setReceivedOn(detail.value)}
                placeholder="YYYY/MM/DD"
                ariaLabel="Received on"
              />
            </FormField>
            <FormField label="Quantity" errorText={errors.initialQuantity}>
              <Input
                value={quantity}
                onChange={({ detail }) => setQuantity(detail.value)}
                inputMode="numeric"
                ariaLabel="Quantity"
              />
            </FormField>
          </SpaceBetween>
          <Checkbox checked={checkedIn} onChange={({ detail }) => setCheckedIn(detail.checked)}>
            Checked in
          </Checkbox>
          {failure && (
            <Alert type="error" statusIconAriaLabel="Error">
              {failure}
            </Alert>
          )}
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onDone} disabled={add.isPending}>
              Cancel
            </Button>
            <Button variant="primary" loading={add.isPending}>
              Add batch
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </form>
  );
}

/** Adjust stock: new stock and a note → products.update { stock, notes } (an audit entry). */
function AdjustStockForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const notify = useNotifications();
  const [stock, setStock] = useState(String(product.stock));
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = useApiMutation('products.update', { invalidates: [...INVALIDATES] });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = { stock: stock.trim() === '' ? undefined : Number(stock), notes: notes.trim() || undefined };
    const parsed = updateProductBody.safeParse(body);
    if (!parsed.success || body.stock === undefined) {
      return setError(
        parsed.error?.issues.find((i) => i.path[0] === 'stock')?.message ?? 'Enter the new stock (a whole number)',
      );
    }
    setError(null);
    update.mutate(
      { params: { id: product.id }, body: { stock: body.stock, ...(body.notes ? { notes: body.notes } : {}) } },
      {
        onSuccess: (saved) => {
          notify.success(`Stock of ${saved.name} set to ${saved.stock}`);
          onDone();
        },
        onError: (e) => {
          console.error('Stock adjustment failed', e);
          setFailure(errorMessage(e, 'The stock was not changed.'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Adjust stock">
      <Container header={<Header variant="h3">Adjust stock</Header>}>
        <SpaceBetween size="s">
          <SpaceBetween direction="horizontal" size="s">
            <FormField label="New stock" errorText={error} description={`Now ${product.stock}`}>
              <Input
                value={stock}
                onChange={({ detail }) => setStock(detail.value)}
                inputMode="numeric"
                ariaLabel="New stock"
              />
            </FormField>
            <FormField label="Note" description="Why the stock changes (kept in the stock history).">
              <Input value={notes} onChange={({ detail }) => setNotes(detail.value)} ariaLabel="Note" />
            </FormField>
          </SpaceBetween>
          {failure && (
            <Alert type="error" statusIconAriaLabel="Error">
              {failure}
            </Alert>
          )}
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
            <Button variant="primary" loading={update.isPending}>
              Save stock
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </Container>
    </form>
  );
}

function Batches({ product, writer }: { product: Product; writer: boolean }) {
  const notify = useNotifications();
  const checkIn = useApiMutation('products.updateBatch', { invalidates: [...INVALIDATES] });
  const [adding, setAdding] = useState(false);
  const batches = product.orderBatches ?? [];

  const doCheckIn = (batch: Batch) =>
    checkIn.mutate(
      { params: { productId: product.id, batchId: batch.id }, body: { isCheckedIn: true } },
      {
        onSuccess: () => notify.success(`Batch ${batch.batchNumber} checked in`),
        onError: (e) => notify.error(errorMessage(e, `Batch ${batch.batchNumber} was not checked in.`)),
      },
    );

  return (
    <SpaceBetween size="s">
      <Table<Batch>
        variant="embedded"
        items={batches}
        trackBy="id"
        ariaLabels={{ tableLabel: 'Batches' }}
        header={
          <Header
            variant="h3"
            counter={`(${batches.length})`}
            actions={
              writer && (
                <Button onClick={() => setAdding(true)} disabled={adding}>
                  Add batch
                </Button>
              )
            }
          >
            Batches
          </Header>
        }
        empty={<Box textAlign="center">No batches</Box>}
        columnDefinitions={[
          { id: 'batchNumber', header: 'Batch number', cell: (b) => b.batchNumber, isRowHeader: true },
          { id: 'receivedOn', header: 'Received on', cell: (b) => formatDay(b.receivedOn) },
          {
            id: 'checkedIn',
            header: 'Checked in',
            cell: (b) =>
              b.isCheckedIn ? (
                <StatusIndicator type="success">Checked in</StatusIndicator>
              ) : writer ? (
                <Button
                  variant="inline-link"
                  onClick={() => doCheckIn(b)}
                  loading={checkIn.isPending && checkIn.variables?.params.batchId === b.id}
                  ariaLabel={`Check in batch ${b.batchNumber}`}
                >
                  Check in
                </Button>
              ) : (
                <StatusIndicator type="pending">Not checked in</StatusIndicator>
              ),
          },
          { id: 'initial', header: 'Initial', cell: (b) => b.initialQuantity },
          { id: 'remaining', header: 'Remaining', cell: (b) => b.remainingQuantity },
        ]}
      />
      {adding && <AddBatchForm product={product} onDone={() => setAdding(false)} />}
    </SpaceBetween>
  );
}

/** Registry `ViewProduct`: read only, with Edit and Close; batches, stock adjustment, history and tags. */
export default function ViewProductModal({
  productId,
  name,
  onDismiss,
}: ViewProductModalProps & { onDismiss: () => void }) {
  const session = useSession();
  const writer = isAllowed(CATALOG_WRITERS, session.roles);
  const { openModal } = useModals();
  const query = useApiQuery('products.getByID', { params: { id: productId } });
  const product = query.data;
  const [adjusting, setAdjusting] = useState(false);
  const lines = useApiQuery(
    'brands.getProductLines',
    { params: { brandId: product?.brandID ?? '-' } },
    { enabled: Boolean(product?.productLineIDs.length) },
  );
  const lineNames = (product?.productLineIDs ?? [])
    .map((id) => lines.data?.find((l) => l.id === id)?.name ?? id)
    .join(', ');

  const edit = () => {
    onDismiss();
    openModal('EditProduct', { productId, name: product?.name ?? name });
  };

  return (
    <Modal
      visible
      size="large"
      header={product?.name ?? name ?? 'Product'}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Close
            </Button>
            {writer && (
              <Button variant="primary" onClick={edit} disabled={!product}>
                Edit
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <DialogNotifications />
      {!product ? (
        query.isPending ? (
          <StatusIndicator type="loading">Loading...</StatusIndicator>
        ) : (
          <Alert
            type="error"
            statusIconAriaLabel="Error"
            action={<Button onClick={() => void query.refetch()}>Retry</Button>}
          >
            Error...
          </Alert>
        )
      ) : (
        <SpaceBetween size="l">
          <SpaceBetween direction="horizontal" size="l">
            <ProductImage src={product.image} alt={`Image of ${product.name}`} size={120} />
            <SpaceBetween size="xs">
              <Box variant="h3">{product.name}</Box>
              <Box color="text-body-secondary">
                {product.brand.name} · {product.sku}
              </Box>
              <StockBadge stock={product.stock} screen="catalog" />
              <SpaceBetween direction="horizontal" size="xs">
                {writer && (
                  <Button onClick={() => setAdjusting(true)} disabled={adjusting}>
                    Adjust stock
                  </Button>
                )}
                <Button onClick={() => openModal('ViewStockHistory', { productId: product.id })}>
                  View stock history
                </Button>
                <Button
                  iconName="external"
                  iconAlign="right"
                  href={`/products/tags?sku=${encodeURIComponent(product.sku)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Manage Product Tags
                </Button>
              </SpaceBetween>
            </SpaceBetween>
          </SpaceBetween>
          {adjusting && <AdjustStockForm product={product} onDone={() => setAdjusting(false)} />}
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'SKU', value: product.sku },
              { label: 'Brand', value: product.brand.name },
              { label: 'Type', value: product.type.name },
              { label: 'Genetics', value: product.genetics ? GENETICS_LABELS[product.genetics] : '-' },
              { label: 'Extract type', value: product.extractType?.name ?? '-' },
              { label: 'Status', value: PRODUCT_STATUS_LABELS[product.status] },
              { label: 'Weight (g)', value: formatWeight(product.weight) },
              { label: 'Unit quantity', value: product.unitQuantity ?? 1 },
              { label: 'Stock', value: product.stock },
              {
                label: 'Pending outbound',
                value:
                  product.pendingOutboundQuantity > 0 ? (
                    <PendingOrdersPopover sku={product.sku}>{product.pendingOutboundQuantity}</PendingOrdersPopover>
                  ) : (
                    0
                  ),
              },
              ...(canSeeCosts(session.roles) && product.cost !== undefined
                ? [{ label: 'Cost', value: formatPrice(product.cost) }]
                : []),
              { label: 'Base price', value: formatPrice(product.basePrice) },
              { label: 'MSRP', value: formatPrice(product.msrp) },
              { label: 'Discount eligible', value: yesNo(product.discountEligible) },
              { label: 'Batched', value: yesNo(product.hasBatch) },
              { label: 'Hidden from catalog', value: yesNo(product.hideFromCatalog) },
              { label: 'Product lines', value: lineNames || 'None' },
              { label: 'Last ordered', value: product.lastOrdered ? formatDate(product.lastOrdered) : 'Never' },
              { label: 'Description', value: product.description || '-' },
            ]}
          />
          <Batches product={product} writer={writer} />
        </SpaceBetween>
      )}
    </Modal>
  );
}
