/**
 * Issue 13: sign-out ends the session everywhere. The API deletes every session of the customer; this tells the
 * shop's other tabs in the same browser at once (BroadcastChannel), so an open /account leaves without waiting for
 * its next request. Other devices notice at their next request (401).
 */
const CHANNEL = 'lp-account';
const SIGNED_OUT = 'signed-out';

/** Tells every other tab of the shop that the customer signed out. */
export function announceSignOut(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(SIGNED_OUT);
  channel.close();
}

/** Calls `listener` when another tab signs out; answers the unsubscribe. */
export function onSignOut(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event) => event.data === SIGNED_OUT && listener();
  return () => channel.close();
}
