/** @jsxImportSource preact */
import type { PlateKind, PlateSizeId, Season } from '@lp/sdk/plates';
import { useMemo } from 'preact/hooks';
import { de } from '../i18n/de';
import { sizeOf } from '../plates/kinds';
import type { PlatesApi } from '../plates/platesApi';
import { PlatePlaceholder } from './PlatePlaceholder';
import { trustedHtml } from './trustedHtml';

export interface PlatePreviewProps {
  /** The plate rules (for `renderPlateSvg`); null while they load: a placeholder plate is shown meanwhile. */
  plates: Pick<PlatesApi, 'renderPlateSvg'> | null;
  text: string;
  kind: PlateKind;
  size: PlateSizeId;
  season?: Season | undefined;
  colour?: string | null | undefined;
  /** Fun plates and parking signs: the text is free, not a registration. */
  freeText?: boolean;
  /**
   * Accessible name; defaults to "Vorschau des Kennzeichens <text>". An empty label makes the picture decorative
   * (no image role), for pictures whose name is the text beside them.
   */
  label?: string;
  class?: string;
  part?: string;
  /**
   * Tallest the picture may be, in CSS pixels; its box is reserved from the size's proportions, so the picture
   * (or its placeholder) never changes the layout.
   * @default 240
   */
  maxHeight?: number;
}

/**
 * The plate drawn at true millimetre proportions by the SDK's own renderer (DESIGN 4).
 *
 * Why inserting the markup is safe: `renderPlateSvg` builds the SVG from our own glyph paths and numbers; the
 * only text taken from the shopper (the plate text in `<title>`) is XML-escaped by the renderer, and no markup of
 * the API or the host page ever reaches it. So `dangerouslySetInnerHTML` here never inserts foreign HTML.
 *
 * The picture itself is hidden from assistive technology; the wrapper is an image whose name is the plate text,
 * so a screen reader reads "Vorschau des Kennzeichens B-AB 123" instead of glyph paths. It re-renders in the same
 * (microtask-batched) Preact render as the keystroke that changed the text, so it is painted in the next frame.
 *
 * Until the plate rules arrive (the script tag loads them as `lp-plates.js`) a {@link PlatePlaceholder} shows
 * the text as typed. The box is reserved by `aspect-ratio` from the size alone, so swapping the placeholder for
 * the real picture shifts nothing.
 */
export function PlatePreview(props: PlatePreviewProps) {
  const { plates, text, kind, size, season, colour, freeText } = props;
  const label = props.label ?? de.previewLabel(text.trim());
  const svg = useMemo(
    () =>
      plates &&
      trustedHtml(
        plates.renderPlateSvg({
          text,
          kind,
          size,
          ...(season ? { season } : {}),
          // Catalogue values read 'Rot (Händlerkennzeichen)': the renderer knows the colour word.
          ...(colour ? { colour: colour.trim().split(/[\s(]/)[0] } : {}),
          ...(freeText ? { freeText } : {}),
          title: text.trim() || de.preview,
        }),
      ),
    [plates, text, kind, size, season?.start, season?.end, colour, freeText],
  );
  const { widthMm, heightMm } = sizeOf(size);
  const maxHeight = props.maxHeight ?? 240;
  const box = {
    aspectRatio: `${widthMm} / ${heightMm}`,
    width: `min(100%, ${((maxHeight * widthMm) / heightMm).toFixed(1)}px)`,
  };
  return (
    <div
      class={props.class ?? 'preview'}
      part={props.part ?? 'preview'}
      {...(label ? { role: 'img', 'aria-label': label } : {})}
    >
      {svg ? (
        // Our own renderer's SVG with the text escaped (see above), as TrustedHTML where the page enforces it.
        <div class="preview-box" style={box} aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />
      ) : (
        <div class="preview-box" style={box} aria-hidden="true">
          <PlatePlaceholder
            text={text}
            widthMm={widthMm}
            heightMm={heightMm}
            band={!freeText && size !== 'parkplatz'}
          />
        </div>
      )}
    </div>
  );
}
