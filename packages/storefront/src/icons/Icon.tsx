import { useShop } from '../app/ShopContext';
import { getIcon } from './iconRegistry';
import './shopIcons';

/**
 * An icon from the registry, drawn by its symbol in icons.svg (the symbol's viewBox scales it to `size`). Decorative
 * by default (aria-hidden); give `label` when the icon alone carries meaning. A missing name is reported (spec 8)
 * and renders nothing instead of breaking the page.
 */
export function Icon({
  name,
  label,
  size = 24,
  className,
}: {
  name: string;
  label?: string;
  size?: number;
  className?: string;
}) {
  const { reporter } = useShop();
  let href: string;
  try {
    href = getIcon(name);
  } catch (error) {
    reporter.report(error, 'Icon');
    return null;
  }
  return (
    <svg
      className={className}
      width={size}
      height={size}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <use href={href} />
    </svg>
  );
}
