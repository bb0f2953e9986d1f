// The pages the server answers itself when it cannot render the shop: German, accessible, without script (they must
// work while nothing else does), styled by the shop's own stylesheet when one is given.

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function page(title: string, heading: string, text: string, stylesheets: readonly string[]): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="/${escapeAttr(href)}">`).join('');
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | Kennzeichen-Profi</title>${links}</head><body><main><h1>${heading}</h1><p>${text}</p><p><a href="/">Zur Startseite</a></p></main></body></html>`;
}

/** 503 while the shop API is down: the shop is being maintained, come back soon. */
export const maintenancePage = (stylesheets: readonly string[] = []) =>
  page(
    'Wartungsarbeiten',
    'Wartungsarbeiten',
    'Der Shop ist gleich wieder für Sie da. Bitte versuchen Sie es in einem Moment erneut.',
    stylesheets,
  );

/**
 * 503 when the shop sheds a page under load (all page slots in use, one client holding too many, a lagging event
 * loop): the shop is up and the API may be too, so "Wartungsarbeiten" would tell the shopper something untrue.
 */
export const busyPage = (stylesheets: readonly string[] = []) =>
  page(
    'Hohe Auslastung',
    'Gerade ist sehr viel los',
    'Der Shop ist im Moment stark ausgelastet. Bitte versuchen Sie es in einem Moment erneut.',
    stylesheets,
  );

/** 504 when the shop API did not answer within the bounded wait. */
export const slowPage = (stylesheets: readonly string[] = []) =>
  page(
    'Zeitüberschreitung',
    'Der Shop antwortet gerade nicht rechtzeitig',
    'Bitte laden Sie die Seite in einem Moment neu.',
    stylesheets,
  );

/** 500 when rendering failed for another reason. */
export const errorPage = (stylesheets: readonly string[] = []) =>
  page(
    'Fehler',
    'Es ist ein Fehler aufgetreten',
    'Bitte versuchen Sie es in einem Moment erneut.',
    stylesheets,
  );
