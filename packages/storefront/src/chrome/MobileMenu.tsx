import type { ArticleSummary, MenuEntry } from '@lp/sdk/contract';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { AccountMenuLinks } from '../features/account/AccountMenuLinks';
import { useWishlistEntries } from '../features/wishlist/useWishlist';
import { keepTabInside } from './keepTabInside';
import { useCart } from '@lp/react';
import '../icons/brandIcons';
import { Icon } from '../icons/Icon';
import { SOCIAL_LINKS, categoryLinks, infoLinks } from './navigation';
import { lockScroll } from './scrollLock';

export interface MobileMenuProps {
  open: boolean;
  onClose(): void;
  menu: MenuEntry[];
  articles: ArticleSummary[];
  mainCategoryId: number;
}

/**
 * spec 2: the mobile slide-in menu: products, other categories, plate list, cart with count, information links
 * and the four social links. spec 4: open locks page scrolling, close restores it. Unlike spec 2's do-nothing
 * handlers, 'Registrieren' and 'Abmelden' work (issue 13, AccountMenuLinks).
 */
export function MobileMenu({ open, onClose, menu, articles, mainCategoryId }: MobileMenuProps) {
  const count = useCart(({ state }) => state.count);
  const wishCount = useWishlistEntries().length;
  const closeButton = useRef<HTMLButtonElement>(null);
  // A layout effect: the page is locked and focus moved in the same commit that shows the dialog, so no frame
  // scrolls behind an open menu and nothing sees the dialog before its lock.
  useLayoutEffect(() => {
    if (!open) return;
    const unlock = lockScroll();
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      unlock();
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);
  if (!open) return null;
  const main = menu.find((entry) => entry.CategoryId === mainCategoryId);
  const others = menu.filter((entry) => entry.CategoryId !== mainCategoryId);
  const close = () => onClose();
  return (
    <div className="mobile-menu" role="dialog" aria-modal="true" aria-label="Menü">
      <button
        type="button"
        className="mobile-menu__backdrop"
        tabIndex={-1}
        aria-hidden="true"
        onClick={close}
      />
      <nav
        className="mobile-menu__panel"
        aria-label="Mobiles Menü"
        // Tab stays inside the open menu (aria-modal).
        onKeyDown={keepTabInside}
      >
        <button
          ref={closeButton}
          type="button"
          className="icon-button"
          aria-label="Menü schließen"
          onClick={close}
        >
          <Icon name="close" />
        </button>
        {main && (
          <section>
            <h2>Produkte</h2>
            <ul>
              {main.Products.map((product) => (
                <li key={product.UniqueId}>
                  <Link to={`/${product.Alias}`} onClick={close}>
                    {product.Name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section>
          <h2>Kategorien</h2>
          <ul>
            {categoryLinks(others).map((link) => (
              <li key={link.href}>
                <Link to={link.href} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/kennzeichen" onClick={close}>
                Alle Kennzeichen
              </Link>
            </li>
            <li>
              <Link to="/blog" onClick={close}>
                Blog
              </Link>
            </li>
            <li>
              <Link to="/cart" onClick={close}>
                {`Warenkorb (${count})`}
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Information</h2>
          <ul>
            {infoLinks(articles).map((link) => (
              <li key={link.href}>
                <Link to={link.href} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>Konto</h2>
          <ul>
            <li>
              <Link to="/account" onClick={close}>
                Mein Konto
              </Link>
            </li>
            <li>
              <Link to="/wishlist" onClick={close}>
                {`Merkzettel (${wishCount})`}
              </Link>
            </li>
            <AccountMenuLinks onDone={close} />
          </ul>
        </section>
        <ul className="social-links" aria-label="Folge uns">
          {SOCIAL_LINKS.map((social) => (
            <li key={social.name}>
              <a href={social.href} rel="noopener noreferrer" target="_blank" aria-label={social.label}>
                <Icon name={social.name} />
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
