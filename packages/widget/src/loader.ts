// dist/lp-loader.js (< 1 KB): a stub a page can include synchronously; it adds dist/lp-widget.js from the same
// folder with the same data-* configuration, async, so the page never waits for the widget (DESIGN 4).
(() => {
  const current = document.currentScript as HTMLScriptElement | null;
  if (!current) return;
  const script = document.createElement('script');
  script.src = new URL('lp-widget.js', current.src).href;
  script.async = true;
  for (const name of ['api', 'company', 'shopUrl', 'dealer'] as const) {
    const value = current.dataset[name];
    if (value) script.dataset[name] = value;
  }
  if (current.nonce) script.nonce = current.nonce;
  document.head.append(script);
})();
