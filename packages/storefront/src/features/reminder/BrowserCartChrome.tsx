import { CartAcrossTabs } from '../cart/CartAcrossTabs';
import { CartReminder } from './CartReminder';

/**
 * The chrome that depends on this browser's cart and storage, one chunk loaded after hydration
 * (CartReminderSlot): the cart reminder, and the cart kept equal across the shop's tabs.
 */
export function BrowserCartChrome() {
  return (
    <>
      <CartAcrossTabs />
      <CartReminder />
    </>
  );
}
