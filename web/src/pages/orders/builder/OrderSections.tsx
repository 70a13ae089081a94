import { useState } from 'react';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Textarea from '@cloudscape-design/components/textarea';
import DeliveryBlock from './DeliveryBlock';
import OrderPreview from './OrderPreview';
import ProductMenu from './ProductMenu';
import { useMenuIndex, type OrderData } from './use-order-data';
import type { OrderForm } from './use-order-form';

/** The pieces New Order and Edit Order both show, wired to the same form and data. */
interface SectionProps {
  form: OrderForm;
  data: OrderData;
}

export function OrderNotesField({ form }: Pick<SectionProps, 'form'>) {
  return (
    <FormField label="Notes" stretch>
      <Textarea
        value={form.state.notes}
        rows={2}
        onChange={({ detail }) => form.setState((s) => ({ ...s, notes: detail.value }))}
        placeholder="Order notes"
      />
    </FormField>
  );
}

/** `headerVariant`: h3 inside a dialog (under its h2 title), h2 on a page of its own (under the page's h1). */
export function DeliverySection({ form, data, headerVariant = 'h3' }: SectionProps & { headerVariant?: 'h2' | 'h3' }) {
  return (
    <Container header={<Header variant={headerVariant}>Delivery</Header>}>
      <DeliveryBlock
        value={form.delivery}
        drivers={data.drivers}
        locations={data.locations}
        onPickup={form.setPickup}
        onChange={form.changeDelivery}
      />
    </Container>
  );
}

export function OrderProductMenu({ form, data }: SectionProps) {
  const index = useMenuIndex(data);
  return (
    <ProductMenu
      index={index}
      loading={data.products.isPending}
      error={data.products.isError}
      prices={data.prices}
      onAdd={form.add}
    />
  );
}

export function OrderPreviewSection({
  form,
  showCost,
  costToggle,
}: Pick<SectionProps, 'form'> & { showCost: boolean; costToggle?: boolean }) {
  return (
    <OrderPreview
      views={form.views}
      actions={form.actions}
      totals={form.totals}
      discount={form.state.discount}
      onDiscount={form.setDiscount}
      onDiscountBlur={form.normalizeDiscountText}
      showCost={showCost}
      costToggle={costToggle}
    />
  );
}

/**
 * "+ Add Products to Order", closed when the order opens: the catalogue menu inside it is drawn the first time
 * it is opened, not with the page (a collapsed section still draws its content). Pointing at it or focusing it
 * asks for the catalogue (`onApproach`), so it is usually here by the time the section opens.
 */
export function AddProductsSection({
  title,
  form,
  data,
  onApproach,
}: Pick<SectionProps, 'form' | 'data'> & { title: string; onApproach: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <div onPointerEnter={onApproach} onFocus={onApproach}>
      <ExpandableSection
        variant="container"
        headerText={title}
        expanded={expanded}
        onChange={({ detail }) => {
          setExpanded(detail.expanded);
          if (detail.expanded) {
            setOpened(true);
            onApproach();
          }
        }}
      >
        {opened && <OrderProductMenu form={form} data={data} />}
      </ExpandableSection>
    </div>
  );
}
