import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useCart } from '@lp/react';
import ReminderDialog from './ReminderDialog';
import { readStamp, reminderDecision, writeStamp } from './reminderRules';

const systemNow = () => Date.now();

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * spec 2/4 cart reminder popup: hidden by default; the pure `reminderDecision` runs on every navigation and cart
 * change (the cart loads after hydration) and decides whether to show it and to update the last-visit stamp.
 * It loads after hydration (CartReminderSlot), so no page pays for it up front.
 */
export function CartReminder({ now = systemNow }: { now?: () => number }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const count = useCart(({ state }) => state.count);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const storage = browserStorage();
    const time = now();
    const decision = reminderDecision({ count, lastVisit: readStamp(storage), now: time, path: pathname });
    if (decision.stamp) writeStamp(storage, time);
    if (decision.hide) setOpen(false);
    if (decision.show) setOpen(true);
  }, [count, pathname, now]);

  if (!open) return null;
  return (
    <ReminderDialog
      count={count}
      onDismiss={() => setOpen(false)}
      onCart={() => {
        setOpen(false);
        navigate('/cart');
      }}
    />
  );
}
