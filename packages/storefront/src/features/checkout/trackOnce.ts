/**
 * Runs `fire` once per key in this browser tab (a reload of the thank-you page must not count a second purchase).
 */
export function trackOnce(key: string, fire: () => void): void {
  const id = `lp-tracked:${key}`;
  try {
    if (globalThis.sessionStorage?.getItem(id)) return;
    globalThis.sessionStorage?.setItem(id, '1');
  } catch {
    // without storage the event may repeat on reload; losing it would be worse
  }
  fire();
}
