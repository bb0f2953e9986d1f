// Listens to the widget's events (they bubble and are composed, so one listener on the document hears all).
const log = document.getElementById('log');

function show(name, detail) {
  const entry = document.createElement('li');
  const summary =
    name === 'lp-add-to-cart'
      ? `${detail.count} Artikel im Warenkorb (${detail.line ? detail.line.productUniqueId : '?'})`
      : name === 'lp-error'
        ? detail.message
        : JSON.stringify({ text: detail.text, kind: detail.kind, size: detail.size, valid: detail.valid });
  // textContent, never innerHTML: details carry what the shopper typed.
  entry.textContent = `${name}: ${summary}`;
  log.prepend(entry);
  while (log.children.length > 20) log.lastElementChild.remove();
}

for (const name of ['lp-change', 'lp-add-to-cart', 'lp-error', 'lp-continue']) {
  document.addEventListener(name, (event) => show(name, event.detail));
}
