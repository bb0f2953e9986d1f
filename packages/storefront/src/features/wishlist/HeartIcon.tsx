import { getIcon } from '../../icons/iconRegistry';
import '../../icons/shopIcons';

/** The wish list heart, outlined or filled: the sprite's heart has no fill of its own and takes this one. */
export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'}>
      <use href={getIcon('heart')} />
    </svg>
  );
}
