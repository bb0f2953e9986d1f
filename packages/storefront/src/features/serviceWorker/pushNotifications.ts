import { SW_UNAVAILABLE } from './registerServiceWorker';

/** spec 8: the push messages. */
export const NOT_SUBSCRIBED = 'Not subscribed to push notifications.';
export const UNSUBSCRIBE_FAILED = 'Unsubscribe failed!';

type Report = (error: unknown, context: string, severity?: 'error' | 'warning') => void;
type Registration = Pick<ServiceWorkerRegistration, 'pushManager'> | null | undefined;

/**
 * The current push subscription, or null; reports 'Not subscribed to push notifications.' when there is none and
 * the service-worker message when push is unavailable. The shop has no push server; this is the client side only.
 */
export async function pushSubscription(
  registration: Registration,
  report: Report,
): Promise<PushSubscription | null> {
  if (!registration?.pushManager) {
    report(new Error(SW_UNAVAILABLE), 'push', 'warning');
    return null;
  }
  try {
    const subscription = await registration.pushManager.getSubscription();
    if (!subscription) report(new Error(NOT_SUBSCRIBED), 'push', 'warning');
    return subscription;
  } catch (error) {
    report(new Error(NOT_SUBSCRIBED, { cause: error }), 'push', 'warning');
    return null;
  }
}

/** Ends the push subscription; reports 'Unsubscribe failed!' when the browser refuses. Returns whether it ended. */
export async function unsubscribePush(registration: Registration, report: Report): Promise<boolean> {
  const subscription = await pushSubscription(registration, report);
  if (!subscription) return false;
  try {
    if (await subscription.unsubscribe()) return true;
    report(new Error(UNSUBSCRIBE_FAILED), 'push', 'warning');
  } catch (error) {
    report(new Error(UNSUBSCRIBE_FAILED, { cause: error }), 'push', 'warning');
  }
  return false;
}
