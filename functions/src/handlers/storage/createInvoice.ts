import middy from '@middy/core';
import { canReadOrder, invoiceFileName, storageCreateInvoiceRoute } from '@bo/shared';
import { api, BinaryResponse, NotFoundError, type RouteEvent, type RouteHandler } from '#http';
import { getLocation, getOrder } from '#data';
import { renderInvoicePdf } from '../../documents/invoice-pdf';

const route = storageCreateInvoiceRoute;

/** The order's invoice as a PDF (the same document the browser builds), for callers that cannot run pdfmake. */
const createInvoice: RouteHandler<typeof route> = async ({ input: { body }, caller }) => {
  const order = await getOrder(body.content.orderId);
  if (!order || !canReadOrder(caller, order)) throw new NotFoundError('Order not found');
  const location = order.packingLocationId ? await getLocation(order.packingLocationId) : undefined;
  const pdf = await renderInvoicePdf(order, {
    ...(body.content.orientation ? { orientation: body.content.orientation } : {}),
    ...(location ? { packingLocationName: location.name } : {}),
  });
  return new BinaryResponse(
    pdf,
    'application/pdf',
    invoiceFileName(order.customer.customerName, order.orderNum, 'server'),
  );
};

export const handler = middy<RouteEvent<typeof route>>().use(api(route)).handler(createInvoice);
