/** Text colours of the Schriftfarbe parameter (spec 3) as printed. */
export const TEXT_COLOURS: Readonly<Record<string, string>> = {
  schwarz: '#000000',
  rot: '#c8102e',
  grün: '#00843d',
  gruen: '#00843d',
  blau: '#003399',
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The hex colour for a Schriftfarbe name (Schwarz, Rot, Grün, Blau; any case) or a hex colour; black for
 * anything else, so a stray value can never reach the markup.
 * @example
 * textColour('Grün'); // '#00843d'
 * textColour('"><script>'); // '#000000'
 */
export function textColour(value: string | undefined): string {
  if (typeof value !== 'string') return TEXT_COLOURS.schwarz as string;
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) return v;
  return TEXT_COLOURS[v] ?? (TEXT_COLOURS.schwarz as string);
}
