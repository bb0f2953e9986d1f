/**
 * After a release the previous build's hashed chunks are gone, and a page of that build fails to load the chunk of
 * the page a shopper goes to next (decisions.md, "A release while shoppers browse (session 23, deployday)"). For
 * such an error (a failed `import()` rejects with a TypeError by the HTML standard, its message names the module)
 * this starts one full page load of the current address, which is the router's target (the new build's HTML and
 * chunks; the cart lives in the API and in localStorage), and answers true. It answers false, so the caller shows
 * its error page, for other errors, when this tab reloaded so in the last minute (the chunk is missing in the new
 * build too: no reload loop), offline, and without session storage or a location (the server).
 *
 * @example
 * if (reloadForRelease(error)) return null; // the page is being replaced
 */
export function reloadForRelease(error: unknown): boolean {
  try {
    // The time of this tab's last such reload: a property of session storage, a string (NaN before the first).
    const storage = sessionStorage as Storage & { lpReloaded?: number };
    // Every browser's words for it name the module ("Failed to fetch dynamically imported module", "Importing a
    // module script failed."); a failed fetch of page data ("Failed to fetch", offline) is the error page's.
    if (!(error instanceof TypeError && / module/.test(error.message))) return false;
    // Offline, a chunk fails the same way; a reload would trade the shop's page for the browser's offline page.
    if (globalThis.navigator?.onLine === false) return false;
    if (Date.now() - (storage.lpReloaded as number) < 60_000) return false;
    storage.lpReloaded = Date.now();
    location.reload();
    return true;
  } catch {
    return false;
  }
}

/**
 * For an import inside a page (a card's "In den Warenkorb", the print editor's photo code picked mid-edit): the page
 * is loaded in full, as `reloadForRelease` does, only once the module the error names answers 404 or 410, i.e. a
 * release removed it. A chunk that failed on a patchy connection while the browser counts as online would otherwise
 * replace the page the shopper works in (session 26, review26c: an open print editor closed without a word); then
 * the caller's own error message shows instead. Safari's message names no module: it reloads as before.
 */
export async function reloadIfGone(error: unknown): Promise<boolean> {
  const url = /https?:\/\/\S+/.exec(String((error as Error | undefined)?.message))?.[0];
  const status = url
    ? await fetch(url, { method: 'HEAD', cache: 'no-store' }).then(
        (answer) => answer.status,
        () => 0,
      )
    : 404;
  return (status === 404 || status === 410) && reloadForRelease(error);
}
