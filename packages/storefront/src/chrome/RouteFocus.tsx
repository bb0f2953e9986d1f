import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { focusMainHeading } from './focusMainHeading';

/**
 * After a client navigation to another page: a link or redirect (PUSH, REPLACE) shows the new page from its top, as
 * a full page load would; back and forward (POP) keep the browser's position. Either way focus moves to the new
 * page's heading, so a screen reader announces it (React Router leaves both to the app). Not on the first render
 * (the server's page) and not when only the hash or another query than the page's `seite` or `q` changes (filters, a
 * cart hand-over).
 * Session 21: nor when the navigation's state says `keepFocus` (a control that changes the page in place and
 * announces it, features/catalogue/SortForm.tsx): focus stays on that control and the page where it was. Back and
 * forward to such an address are a page change as any.
 * Renders nothing; part of the late chrome chunk, so no route's initial script grows.
 */
export function RouteFocus() {
  const { pathname, search, state } = useLocation();
  const type = useNavigationType();
  // A listing's other page (`?seite=2`, features/catalogue/Pagination.tsx) is another page as well, and so are
  // another search's results (`?q=`, /suche).
  const query = new URLSearchParams(search);
  const page = `${pathname}?${query.get('seite') ?? ''}&${query.get('q') ?? ''}`;
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    if (type !== 'POP') {
      if ((state as { keepFocus?: boolean } | null)?.keepFocus) return;
      window.scrollTo(0, 0);
    }
    focusMainHeading();
  }, [page, type, state]);
  return null;
}
