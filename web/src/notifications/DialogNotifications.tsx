import Flashbar from '@cloudscape-design/components/flashbar';
import { useDialogNotificationItems } from './notifications';
import './notifications.css';

/**
 * The Flashbar of a dialog that stays open after its actions (Refresh Pricing, Edit Order, View Product, …):
 * place it first in the Modal's content. While the dialog is open, every message raised shows here, on top of
 * the content and held at the top when the dialog scrolls, instead of in the page's Flashbar under the overlay.
 * When the dialog closes, messages still showing move to the page (Cloudscape: a flash message confirms what a
 * modal committed, after it closes).
 */
export default function DialogNotifications() {
  const items = useDialogNotificationItems();
  if (items.length === 0) return null;
  return (
    <div className="bo-dialog-notifications">
      <Flashbar items={items} stackItems={items.length > 3} />
    </div>
  );
}
