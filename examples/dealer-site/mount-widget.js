// For pages whose editor strips unknown tags (docs/learn/embed-the-widget.md): an empty container in the page,
// the element mounted into it once the widget is ready. External, so `script-src 'self'` allows it.
function whenWidgetReady(start) {
  if (window.LpWidget?.ready) window.LpWidget.ready.then(start);
  else document.addEventListener('lp-ready', (event) => start(event.detail), { once: true });
}

whenWidgetReady((widget) => {
  widget.mount('#editor', { element: 'lp-print-editor' });
});
