import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { focusMainHeading } from './focusMainHeading';

/**
 * After a client navigation to another page: a link or redirect (PUSH, REPLACE) shows the new page from its top, as
 * a full page load would; back and forward (POP) keep the browser's position. Either way focus moves to the new
 * page's heading, so a screen reader announces it (React Router leaves both to the app). Not on the first render
 * (the server's page) and not when only the query or hash changes (filters, a cart hand-over).
 * Renders nothing; part of the late chrome chunk, so no route's initial script grows.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (type !== 'POP') window.scrollTo(0, 0);
    focusMainHeading();
  }, [pathname, type]);
  return null;
}
