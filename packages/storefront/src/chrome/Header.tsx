import type { ArticleSummary, MenuEntry } from '@lp/sdk/contract';
import { Suspense, lazy, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { AccountLink } from '../features/account/AccountLink';
import { WishlistLink } from '../features/wishlist/WishlistLink';
import { formatEuro, telHref } from '../format';
import { Icon } from '../icons/Icon';
import { CartLink } from './CartLink';
import { DesktopNav, SearchForm } from './deferredChrome';
import { Logo } from './Logo';
import { useStickyHeader } from './useStickyHeader';

// The mobile menu is closed in the server's HTML and at hydration: its code is requested after hydration (so it is
// there by the first tap) instead of in every route's initial script.
const loadMobileMenu = () => import('./MobileMenu').then((module) => ({ default: module.MobileMenu }));
const MobileMenu = lazy(loadMobileMenu);

export interface HeaderProps {
  menu: MenuEntry[];
  articles: ArticleSummary[];
  mainCategoryId: number;
  freeShippingFrom: number;
  phone: string;
}

/**
 * spec 2: header banner with the promises, desktop navigation (wide screens) and the mobile header (menu
 * button, logo, cart count); spec 4: sticky rules through useStickyHeader.
 */
export function Header({ menu, articles, mainCategoryId, freeShippingFrom, phone }: HeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const sticky = useStickyHeader(header);
  useEffect(() => {
    void loadMobileMenu();
  }, []);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  const className = [
    'site-header',
    sticky.sticky && 'is-sticky',
    sticky.sticky && !sticky.visible && 'is-hidden',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <aside className="top-bar" aria-label="Unsere Versprechen">
        <span>Bundesweit zertifiziert</span>
        <span className="top-bar__same-day">Versand am selben Tag bei Bestellung vor 14:00 Uhr</span>
        {freeShippingFrom > 0 && (
          <span className="top-bar__free">Kostenloser Versand ab {formatEuro(freeShippingFrom)}</span>
        )}
        <a href={telHref(phone)}>Hotline Mo-Fr 10-16 Uhr</a>
      </aside>
      <header ref={header} className={className}>
        <div className="site-header__inner">
          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-label="Menü öffnen"
            aria-expanded={menuOpen}
            // In a transition: the menu (every product, category and information link) is rendered in slices
            // that yield to the browser, so the tap is answered at the next frame and the page stays responsive
            // while it renders; on a slow phone one synchronous render of it held the tap's paint for 50-100 ms.
            onClick={() => startTransition(() => setMenuOpen(true))}
          >
            <Icon name="menu" />
          </button>
          <Logo />
          <DesktopNav menu={menu} mainCategoryId={mainCategoryId} />
          <a className="header-phone" href={telHref(phone)} aria-label={`Hotline ${phone}`}>
            <Icon name="phone" size={20} />
          </a>
          <AccountLink />
          <WishlistLink />
          <CartLink />
        </div>
        {/* A row of its own under the header's bar, last in reading order (styles/header.css .site-search). */}
        <SearchForm />
      </header>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu
            open
            onClose={closeMenu}
            menu={menu}
            articles={articles}
            mainCategoryId={mainCategoryId}
          />
        </Suspense>
      )}
    </>
  );
}
