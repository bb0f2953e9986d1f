// The dealer's own listeners (docs/learn/embed-the-widget.md): an external file, allowed by `script-src 'self'`,
// so the page's Content-Security-Policy needs no 'unsafe-inline'. lp-widget.js loads `async`: this file may run
// before or after it, so it waits for `LpWidget.ready` or the `lp-ready` event, whichever comes.
function whenWidgetReady(start) {
  if (window.LpWidget?.ready) window.LpWidget.ready.then(start);
  else document.addEventListener('lp-ready', (event) => start(event.detail), { once: true });
}

whenWidgetReady((widget) => {
  widget.cart.subscribe((cart) => console.info(`[dealer] cart: ${cart.count} Artikel`));
});

// Events bubble out of every lp-* element, so one listener on the document hears them all.
document.addEventListener('lp-add-to-cart', (event) => {
  console.info(`[dealer] added, ${event.detail.count} Artikel im Warenkorb`);
});
document.addEventListener('lp-error', (event) => {
  // `fix` tells the page's developer what the shop has to register (a refused origin, an unknown dealer id).
  if (event.detail.fix) console.warn(`[dealer] ${event.detail.fix}`);
});
// Every way out of the widget hands the cart over: after ordering in the print editor, the shop's cart page
// takes the cart over (detail.handoffUrl carries its guid); "Zurück" returns to the plate page.
document.addEventListener('lp-close', (event) => {
  if (event.detail.reason === 'ordered') window.location.assign(event.detail.handoffUrl);
  else window.location.assign('index.html');
});
