import type { ArticleSummary, MenuEntry, MenuProduct } from '@lp/sdk/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { openConsentSettings } from '../features/consent/openConsentSettings';
import { formatEuro, telHref } from '../format';
import { MOBILE_QUERY, useMediaQuery } from '../hooks/useMediaQuery';
import '../icons/brandIcons';
import { Icon } from '../icons/Icon';
import { FooterSection } from './FooterSection';
import { type FooterSectionId, initialFooterState } from './footerSections';
import { Logo } from './Logo';
import { FOOTER_MAX_PRODUCTS, PAYMENT_ICONS, SOCIAL_LINKS, categoryHref, infoLinks } from './navigation';

export interface FooterProps {
  articles: ArticleSummary[];
  menu: MenuEntry[];
  mainProducts: MenuProduct[];
  mainCategoryId: number;
  freeShippingFrom: number;
  phone: string;
  appVersion: string;
}

/** spec 2: the footer with its sections, logo, 'Folge uns', phone, payment icons, copyright and version. */
export function Footer(props: FooterProps) {
  const { articles, menu, mainProducts, mainCategoryId, freeShippingFrom, phone, appVersion } = props;
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(initialFooterState);
  const section = (id: FooterSectionId, title: string) => ({
    id,
    title,
    open: open[id],
    collapsible: mobile,
    onToggle: () => setOpen((state) => ({ ...state, [id]: !state[id] })),
  });
  const posts = articles.filter((article) => article.Kind === 'blog').slice(0, 3);
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p>
            <a href={telHref(phone)} className="footer-phone">
              <Icon name="phone" size={18} /> {phone}
            </a>
            <br />
            Hotline Mo-Fr 10-16 Uhr
          </p>
          <h2 className="footer-follow">Folge uns</h2>
          <ul className="social-links">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a href={social.href} rel="noopener noreferrer" target="_blank" aria-label={social.label}>
                  <Icon name={social.name} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterSection {...section('information', 'Information')}>
          <ul>
            {infoLinks(articles).map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </FooterSection>
        <FooterSection {...section('products', 'Produkte')}>
          <ul>
            {mainProducts.slice(0, FOOTER_MAX_PRODUCTS).map((product) => (
              <li key={product.UniqueId}>
                <Link to={`/${product.Alias}`}>{product.Name}</Link>
              </li>
            ))}
          </ul>
        </FooterSection>
        <FooterSection {...section('links', 'Weitere Links')}>
          <ul>
            {menu
              .filter((entry) => entry.CategoryId !== mainCategoryId)
              .map((entry) => (
                <li key={entry.CategoryId}>
                  <Link to={categoryHref(entry)}>{entry.Name}</Link>
                </li>
              ))}
            <li>
              <Link to="/catalog">Katalog</Link>
            </li>
            <li>
              <Link to="/blog">Blog</Link>
            </li>
          </ul>
        </FooterSection>
        <FooterSection {...section('why', 'Warum wir')}>
          <ul>
            <li>Bundesweit zertifiziert</li>
            <li>Versand am selben Tag bei Bestellung vor 14:00 Uhr</li>
            <li>Hotline Mo-Fr 10-16 Uhr</li>
            {freeShippingFrom > 0 && <li>Kostenloser Versand ab {formatEuro(freeShippingFrom)}</li>}
          </ul>
        </FooterSection>
        <FooterSection {...section('posts', 'Aus dem Blog')}>
          <ul>
            {posts.map((post) => (
              <li key={post.Alias}>
                <Link to={`/blog/${post.Alias}`}>{post.Title}</Link>
              </li>
            ))}
          </ul>
        </FooterSection>
      </div>
      <ul className="payment-icons" aria-label="Zahlungsarten">
        {PAYMENT_ICONS.map((icon) => (
          <li key={icon.name}>
            <Icon name={icon.name} label={icon.label} size={64} />
          </li>
        ))}
      </ul>
      {/* § 356a BGB (session 16): the withdrawal function, on every page, outside the collapsible sections and
          without a login. */}
      <p className="withdrawal-link">
        <Link to="/vertrag-widerrufen" className="withdrawal-link__link">
          Vertrag widerrufen
        </Link>
      </p>
      <p className="cookie-settings">
        <button type="button" className="cookie-settings__button" onClick={openConsentSettings}>
          Cookie-Einstellungen
        </button>
      </p>
      {/* The year in Berlin: the server (UTC) and a phone abroad render the same text on New Year's night too. */}
      <p className="copyright">{`© ${new Intl.DateTimeFormat('de', { year: 'numeric', timeZone: 'Europe/Berlin' }).format(new Date())} Kennzeichen-Profi · Version ${appVersion}`}</p>
    </footer>
  );
}
