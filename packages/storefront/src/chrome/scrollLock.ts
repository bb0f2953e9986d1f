/**
 * spec 4: an open mobile menu locks page scrolling; closing restores exactly what was there before. Locks nest
 * (two overlays), the page unlocks when the last one closes.
 */
let depth = 0;
let saved = { overflow: '', paddingRight: '' };

export function lockScroll(doc: Document = document): () => void {
  const body = doc.body;
  if (depth === 0) {
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
    body.style.overflow = 'hidden';
    // Keeps the layout from jumping when the scrollbar disappears.
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  depth++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    depth--;
    if (depth === 0) {
      body.style.overflow = saved.overflow;
      body.style.paddingRight = saved.paddingRight;
    }
  };
}
