import type { ReactNode } from 'react';
import { Icon } from '../icons/Icon';

/**
 * One footer section. spec 2: collapsing applies only on mobile widths; on wider screens (and before
 * JavaScript runs) the title is a plain heading and the content is always shown.
 */
export function FooterSection(props: {
  id: string;
  title: string;
  open: boolean;
  collapsible: boolean;
  onToggle(): void;
  children: ReactNode;
}) {
  const { id, title, open, collapsible, onToggle, children } = props;
  const expanded = !collapsible || open;
  return (
    <section className="footer-section" data-open={expanded} aria-labelledby={`footer-${id}-title`}>
      <h2 id={`footer-${id}-title`} className="footer-section__title">
        {collapsible ? (
          <button type="button" aria-expanded={open} aria-controls={`footer-${id}`} onClick={onToggle}>
            {title} <Icon name="chevron-down" size={16} />
          </button>
        ) : (
          title
        )}
      </h2>
      <div id={`footer-${id}`} className="footer-section__body" hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}
