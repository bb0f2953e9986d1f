/** @jsxImportSource preact */
import type { PlateKind, PlateSizeId, Season } from '@lp/sdk/plates';
import { de } from '../i18n/de';
import { SIZE_IDS, sizeOf } from '../plates/kinds';
import type { PlatesApi } from '../plates/platesApi';
import { PlatePreview } from '../preview/PlatePreview';

export interface SizePickerProps {
  /** The plate rules; null while they load (placeholder pictures of the same sizes meanwhile). */
  plates: PlatesApi | null;
  id: string;
  value: PlateSizeId;
  suggested: PlateSizeId;
  /** Sizes the product is made in; the others are shown but cannot be chosen. */
  offered: ReadonlySet<PlateSizeId>;
  /** Text drawn on the small pictures (deferred by the caller so typing stays fast). */
  text: string;
  kind: PlateKind;
  season?: Season | undefined;
  onChange: (size: PlateSizeId) => void;
}

/** '520x110' -> '520 × 110 mm'; 'parkplatz' -> 'Parkplatzschild'. */
export function sizeName(id: PlateSizeId): string {
  if (id === 'parkplatz') return 'Parkplatzschild';
  const [width, height] = id.split('x');
  return `${width} × ${height} mm`;
}

// PlatePreview memoises its SVG string and Preact skips an unchanged innerHTML, so re-rendering is cheap.
function Picture(props: {
  plates: PlatesApi | null;
  text: string;
  kind: PlateKind;
  size: PlateSizeId;
  season?: Season | undefined;
}) {
  return (
    <PlatePreview
      plates={props.plates}
      class="choice-picture"
      maxHeight={56}
      part="size-picture"
      // Decorative: the radio is named by the size text beside it ("520 × 110 mm, Empfohlen"), not twice.
      label=""
      text={props.text}
      kind={props.kind}
      size={props.size}
      season={props.season}
      freeText={props.size === 'parkplatz'}
    />
  );
}

// DESIGN 7 (CLS under 0.02): the product arrives after the first render, so nothing it decides may move a card.
// The sizes keep the one order of PLATE_SIZES, and the badge and the 'nicht erhältlich' hint keep their space
// in every card (hidden, not inserted). Both are never shown together: the suggested size is always offered.
const HIDDEN = { visibility: 'hidden' } as const;

/**
 * The 15 plate sizes of spec 3, each with its picture, as a native radio group: arrow keys move the choice,
 * Tab leaves the group, and screen readers announce "n of 15". The suggested size is marked 'Empfohlen'.
 */
export function SizePicker(props: SizePickerProps) {
  const { id, value, suggested, offered } = props;
  return (
    <fieldset class="field" part="sizes">
      <legend class="label">{de.size}</legend>
      <div class="sizes">
        {(props.plates?.PLATE_SIZES ?? SIZE_IDS.map(sizeOf)).map((size) => {
          const available = offered.has(size.id);
          const optionId = `${id}-${size.id}`;
          return (
            <label key={size.id} class="choice" part="size" for={optionId}>
              <input
                id={optionId}
                type="radio"
                name={`${id}-size`}
                value={size.id}
                checked={value === size.id}
                disabled={!available}
                onChange={() => props.onChange(size.id)}
              />
              <span class="choice-body">
                <Picture
                  plates={props.plates}
                  text={props.text}
                  kind={props.kind}
                  size={size.id}
                  season={props.season}
                />
                <span class="choice-name">{sizeName(size.id)}</span>
                {size.lines === 2 ? <span class="hint">{de.twoLines}</span> : null}
                {size.id === suggested ? (
                  <span class="badge">{de.recommended}</span>
                ) : (
                  <span class="badge" style={HIDDEN}>
                    {'\u00a0'}
                  </span>
                )}
                <span class="hint" style={available ? HIDDEN : undefined}>
                  {de.notOffered}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
