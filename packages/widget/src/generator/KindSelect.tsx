/** @jsxImportSource preact */
import type { PlateKind } from '@lp/sdk/plates';
import { de } from '../i18n/de';
import { PLATE_KINDS } from './configuration';

export interface KindSelectProps {
  id: string;
  value: PlateKind;
  onChange: (kind: PlateKind) => void;
}

/** Standard, E, H, Saison, H + Saison, E + Saison (shared decision: the six Kennzeichen-Art values). */
export function KindSelect({ id, value, onChange }: KindSelectProps) {
  return (
    <div class="field">
      <label class="label" for={id}>
        {de.kind}
      </label>
      <select
        id={id}
        class="control"
        part="select kind"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as PlateKind)}
      >
        {PLATE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {de.kinds[kind]}
          </option>
        ))}
      </select>
    </div>
  );
}
