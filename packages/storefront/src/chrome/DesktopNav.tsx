import type { MenuEntry } from '@lp/sdk/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon } from '../icons/Icon';
import { MENU_MAX_PRODUCTS, type NavLink, categoryHref, categoryItems } from './navigation';

/**
 * One dropdown of the bar, a disclosure (WCAG 4.1.2): the button's click, Enter or Space opens it, and
 * `aria-expanded` says whether the panel is shown. The pointer also opens it by hovering (CSS; expanded while it
 * shows); focus alone shows it only until the page has hydrated (header.css), so its links work without script.
 * Escape and leaving it close it. `open`/`onToggle` come from the bar, so one dropdown is open at a time.
 */
function NavDropdown(props: {
  id: string;
  label: string;
  links: NavLink[];
  more?: NavLink;
  open: boolean;
  onToggle(open: boolean): void;
}) {
  const { id, label, links, more, open, onToggle } = props;
  const item = useRef<HTMLLIElement>(null);
  // WCAG 1.4.13: Escape must hide the panel although hover or focus (CSS) still holds it open, wherever focus is
  // while the pointer rests on it; with focus inside, focus goes back to the button. Leaving the item (pointer or
  // focus) ends that, so the next hover or focus opens it again.
  const [shut, setShut] = useState(false);
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (!hovered) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setShut(true);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hovered]);
  return (
    <li
      ref={item}
      className={`nav-dropdown${open ? ' is-open' : shut ? ' is-shut' : ''}`}
      onKeyDown={(event) => {
        // While hovered, the document's listener above also marks the panel dismissed.
        if (event.key !== 'Escape') return;
        onToggle(false);
        item.current?.querySelector('button')?.focus();
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => {
        setHovered(false);
        setShut(false);
      }}
      onBlur={(event) => {
        if (item.current?.contains(event.relatedTarget as Node)) return;
        setShut(false);
        onToggle(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open || (hovered && !shut)}
        aria-controls={id}
        onClick={() => onToggle(!open)}
      >
        {label} <Icon name="chevron-down" size={16} />
      </button>
      <ul id={id} className="nav-dropdown__panel">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>{link.label}</Link>
          </li>
        ))}
        {more && (
          <li>
            <Link to={more.href} className="nav-dropdown__more">
              {more.label}
            </Link>
          </li>
        )}
      </ul>
    </li>
  );
}

/**
 * spec 2: desktop category menu. The main category is 'Kennzeichen' with a dropdown of up to 8 products and a
 * 'Weitere' link; the other categories link to their listing, the holders and parking signs through a dropdown
 * that also offers their pages (navigation.ts).
 */
export function DesktopNav({ menu, mainCategoryId }: { menu: MenuEntry[]; mainCategoryId: number }) {
  const [open, setOpen] = useState<string | null>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(null), [location.pathname]);
  const main = menu.find((entry) => entry.CategoryId === mainCategoryId);
  const others = menu.filter((entry) => entry.CategoryId !== mainCategoryId);
  const toggle = (id: string) => (next: boolean) => setOpen(next ? id : null);
  return (
    <nav className="desktop-nav" aria-label="Hauptmenü">
      <ul>
        {main && (
          <NavDropdown
            id="nav-kennzeichen"
            label="Kennzeichen"
            links={main.Products.slice(0, MENU_MAX_PRODUCTS).map((product) => ({
              href: `/${product.Alias}`,
              label: product.Name,
            }))}
            more={{ href: categoryHref(main), label: 'Weitere' }}
            open={open === 'nav-kennzeichen'}
            onToggle={toggle('nav-kennzeichen')}
          />
        )}
        {categoryItems(others).map((item) =>
          item.links ? (
            <NavDropdown
              key={item.key}
              id={`nav-${item.key}`}
              label={item.label}
              links={item.links}
              open={open === `nav-${item.key}`}
              onToggle={toggle(`nav-${item.key}`)}
            />
          ) : (
            <li key={item.key}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
