import { useNavigate, useParams } from 'react-router-dom';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import OrderEditor, { type OrderFrameProps } from './builder/OrderEditor';
import { orderHref } from './builder/order-routes';

function PageFrame({ header, content, footer }: OrderFrameProps) {
  return (
    <ContentLayout header={<Header variant="h1">{header}</Header>}>
      <SpaceBetween size="m">
        <Container>{content}</Container>
        {footer}
      </SpaceBetween>
    </ContentLayout>
  );
}

/**
 * `/orders/{orderNum}` (spec section 2, Routes): the Edit Order view on a page of its own, opened in a new
 * tab from order lists and pending-order lists. Leaving with unsaved changes asks first.
 */
export default function OrderPage() {
  const { orderNum = '' } = useParams();
  const navigate = useNavigate();
  return (
    <OrderEditor
      key={orderNum}
      orderId={orderNum}
      frame={{
        Frame: PageFrame,
        guardNavigation: true,
        onClose: () => void navigate('/orders'),
        // Leaving DRAFT gives the order a new number: the address follows it.
        onSaved: (order) => {
          if (order.orderNum !== orderNum) void navigate(orderHref(order.orderNum), { replace: true });
        },
      }}
    />
  );
}
