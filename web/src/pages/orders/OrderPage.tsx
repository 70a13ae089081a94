import { useNavigate, useParams } from 'react-router-dom';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { canOpen, PAGES } from '../../access/pages';
import { useCan } from '../../access/route-access';
import { useSession } from '../../auth/session';
import OrderEditor, { type OrderFrameProps } from './builder/OrderEditor';
import { orderHref } from '../../access/pages';
import OrderReadOnlyView from './OrderReadOnlyView';
import AccountingExportStatus from '../../components/orders/AccountingExportStatus';

function PageFrame({ header, content, footer }: OrderFrameProps) {
  const { orderNum = '' } = useParams();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={<AccountingExportStatus order={orderNum} />}>
          {header}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <Container>{content}</Container>
        {footer}
      </SpaceBetween>
    </ContentLayout>
  );
}

/**
 * `/orders/{orderNum}` (spec section 2, Routes): the Edit Order view on a page of its own, opened in a new
 * tab from order lists and pending-order lists. Leaving with unsaved changes asks first. Roles that may read
 * orders but not change them (drivers, purchasing, inventory) get the read-only view.
 */
export default function OrderPage() {
  const { orderNum = '' } = useParams();
  const navigate = useNavigate();
  const { roles } = useSession();
  const can = useCan();
  // Close goes back to the list this role can open: Orders, or My deliveries for a driver.
  const back = [PAGES.orders, PAGES.deliveries].find((page) => canOpen(page, roles)) ?? PAGES.home;
  const onClose = () => void navigate(back.path);
  if (!can('orders.update'))
    return <OrderReadOnlyView key={orderNum} orderId={orderNum} frame={{ Frame: PageFrame, onClose }} />;
  return (
    <OrderEditor
      key={orderNum}
      orderId={orderNum}
      frame={{
        Frame: PageFrame,
        guardNavigation: true,
        onClose,
        // Leaving DRAFT gives the order a new number: the address follows it.
        onSaved: (order) => {
          if (order.orderNum !== orderNum) void navigate(orderHref(order.orderNum), { replace: true });
        },
      }}
    />
  );
}
