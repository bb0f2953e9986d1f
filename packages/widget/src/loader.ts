// dist/lp-loader.js (< 1 KB): a stub a page can include synchronously; it adds dist/lp-widget.js from the same
// folder with the same data-* configuration, async, so the page never waits for the widget (DESIGN 4).

/** The browser's Trusted Types factory (not in TypeScript's DOM types yet); absent in browsers without them. */
declare const trustedTypes: {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): { createScriptURL(url: string): string };
};

(() => {
  const current = document.currentScript as HTMLScriptElement | null;
  if (!current) return;
  const script = document.createElement('script');
  const url = new URL('lp-widget.js', current.src).href;
  // A script's `src` is a Trusted Types sink: on a page that enforces them (`require-trusted-types-for 'script'`)
  // it takes only what a policy made. The stub's policy is `lp-loader` (a page that lists its policies adds the
  // name) and passes exactly this one URL, lp-widget.js beside the stub; without Trusted Types, or with the name
  // refused, the plain URL (and, where enforced, the browser's own error).
  let trusted = url;
  try {
    trusted = trustedTypes.createPolicy('lp-loader', { createScriptURL: () => url }).createScriptURL(url);
  } catch {}
  script.src = trusted;
  script.async = true;
  for (const name of ['api', 'company', 'shopUrl', 'dealer'] as const) {
    const value = current.dataset[name];
    if (value) script.dataset[name] = value;
  }
  if (current.nonce) script.nonce = current.nonce;
  document.head.append(script);
})();
