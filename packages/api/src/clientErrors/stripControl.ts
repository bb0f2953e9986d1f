/** Line breaks and tabs become spaces (words of a stack line stay apart); other control characters go. */
export function stripControl(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\t\n\r]+/g, ' ').replace(/[\u0000-\u001F\u007F-\u009F]/g, '');
}
