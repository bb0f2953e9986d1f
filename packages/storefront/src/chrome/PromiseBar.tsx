import { formatEuro } from '../format';
import { Icon } from '../icons/Icon';

/** spec 1: the shop's promises (header banner and home page). */
export function PromiseBar({ freeShippingFrom }: { freeShippingFrom: number }) {
  return (
    <ul className="promises">
      <li>
        <Icon name="shield" size={18} /> Bundesweit zertifiziert
      </li>
      <li>
        <Icon name="truck" size={18} /> Versand am selben Tag bei Bestellung vor 14:00 Uhr
      </li>
      <li>
        <Icon name="clock" size={18} /> Hotline Mo-Fr 10-16 Uhr
      </li>
      {freeShippingFrom > 0 && (
        <li>
          <Icon name="check" size={18} /> Kostenloser Versand ab {formatEuro(freeShippingFrom)}
        </li>
      )}
    </ul>
  );
}
