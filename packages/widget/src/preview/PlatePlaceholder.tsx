/** @jsxImportSource preact */

export interface PlatePlaceholderProps {
  text: string;
  widthMm: number;
  heightMm: number;
  /** Official plates show the blue EU band; fun plates and parking signs do not. */
  band: boolean;
}

// Band width and frame of a real plate in millimetres (FZV Anlage 4: the band is about 40 mm wide).
const BAND_MM = 40;
const FRAME_MM = 4;

/**
 * A plain plate drawn before the plate rules and lettering (`lp-plates.js`) arrive: frame, EU band and the text
 * as typed in the page's bold sans-serif, in an SVG of the same millimetre size as the real picture, so nothing
 * moves when it is replaced. Text goes in as a Preact text node (escaped), never as markup.
 */
export function PlatePlaceholder(props: PlatePlaceholderProps) {
  const { widthMm: w, heightMm: h, band } = props;
  const text = props.text.trim().toUpperCase();
  const left = band ? BAND_MM : FRAME_MM;
  // Roughly the width of a bold capital; shrink long text to the space left of the band.
  const fontSize = Math.min(h * 0.6, ((w - left - 2 * FRAME_MM) / Math.max(text.length, 1)) * 1.6);
  return (
    <svg
      class="plate-placeholder"
      aria-hidden="true"
      viewBox={`0 0 ${w} ${h}`}
      width={`${w}mm`}
      height={`${h}mm`}
    >
      <rect x="1" y="1" width={w - 2} height={h - 2} rx="6" fill="#fff" stroke="#000" stroke-width="2" />
      {band ? <rect x="3" y="3" width={BAND_MM - 6} height={h - 6} rx="4" fill="#003399" /> : null}
      <text
        x={(left + w) / 2}
        y={h / 2}
        dominant-baseline="central"
        text-anchor="middle"
        font-family="sans-serif"
        font-weight="700"
        font-size={fontSize.toFixed(1)}
        fill="#000"
      >
        {text}
      </text>
    </svg>
  );
}
