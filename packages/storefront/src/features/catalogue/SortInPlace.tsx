import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Session 21: "Sortieren nach" (./SortForm.tsx) sorts in place once the page has hydrated. The form itself has no
 * handler (its markup is in the listings' initial script; this is in the late chrome's chunk): a submit of a
 * `form.listing-sort` anywhere becomes a client navigation to the sorted first page with state `keepFocus`, so
 * chrome/RouteFocus.tsx neither scrolls nor moves focus. Focus stays on "Sortieren", and the form's polite status says
 * the new order. Until this has loaded, the form loads the sorted page as without JavaScript.
 * Renders nothing.
 */
export function SortInPlace() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const sort = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement && form.classList.contains('listing-sort'))) return;
      event.preventDefault();
      const value = new FormData(form).get('sortierung');
      // The address a browser's submit makes, except "empfehlung": the bare address the server redirects it to.
      const query = value === 'empfehlung' ? '' : `?${new URLSearchParams({ sortierung: String(value) })}`;
      navigate(`${pathname}${query}`, { state: { keepFocus: true } });
    };
    document.addEventListener('submit', sort);
    return () => document.removeEventListener('submit', sort);
  }, [navigate, pathname]);
  return null;
}
