import type { MenuEntry } from '@lp/sdk/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../icons/Icon';
import { MENU_MAX_PRODUCTS, categoryHref } from './navigation';

/**
 * spec 2: desktop category menu. The main category is 'Kennzeichen' with a dropdown of up to 8 products and a
 * 'Weitere' link; the other categories link to their listing. The dropdown opens on hover/focus (also without
 * JavaScript) and by click or keyboard; Escape closes it.
 */
export function DesktopNav({ menu, mainCategoryId }: { menu: MenuEntry[]; mainCategoryId: number }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const dropdown = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(false), [location.pathname]);
  const main = menu.find((entry) => entry.CategoryId === mainCategoryId);
  const others = menu.filter((entry) => entry.CategoryId !== mainCategoryId);
  return (
    <nav className="desktop-nav" aria-label="Hauptmenü">
      <ul>
        {main && (
          <li
            ref={dropdown}
            className={`nav-dropdown${open ? ' is-open' : ''}`}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
            onBlur={(event) => !dropdown.current?.contains(event.relatedTarget as Node) && setOpen(false)}
          >
            <button
              type="button"
              aria-expanded={open}
              aria-controls="nav-kennzeichen"
              onClick={() => setOpen(!open)}
            >
              Kennzeichen <Icon name="chevron-down" size={16} />
            </button>
            <ul id="nav-kennzeichen" className="nav-dropdown__panel">
              {main.Products.slice(0, MENU_MAX_PRODUCTS).map((product) => (
                <li key={product.UniqueId}>
                  <Link to={`/${product.Alias}`}>{product.Name}</Link>
                </li>
              ))}
              <li>
                <Link to={categoryHref(main)} className="nav-dropdown__more">
                  Weitere
                </Link>
              </li>
            </ul>
          </li>
        )}
        {others.map((entry) => (
          <li key={entry.CategoryId}>
            <Link to={categoryHref(entry)}>{entry.Name}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
