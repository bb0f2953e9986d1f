import { type PlateValidation, type ValidatePlateInput, formatPlate, validatePlate } from '@lp/sdk/plates';
import { useMemo } from 'react';

/** What {@link usePlateCheck} answers: the SDK's validation and the canonical text. */
export interface PlateCheck extends PlateValidation {
  /** 'B-AB 123' when the text has the shape of a registration, else null. */
  formatted: string | null;
}

/**
 * The SDK's plate rules (`validatePlate` of `@lp/sdk/plates`) on typed text: synchronous, and computed again only
 * when text, kind, season or size change (an inline object is fine). Never throws, whatever it is given.
 *
 * @example
 * const check = usePlateCheck({ text, kind: 'E' });
 * check.ok; check.errors[0]?.message; check.formatted; // 'B-AB 123E'
 */
export function usePlateCheck(input: string | ValidatePlateInput | null | undefined): PlateCheck {
  const given: Partial<ValidatePlateInput> = typeof input === 'string' ? { text: input } : (input ?? {});
  const { text, kind, season, size } = given;
  // An inline season object is new on every render; its months are what counts.
  const start = season?.start;
  const end = season?.end;
  const hasSeason = season != null;
  return useMemo(() => {
    const result = validatePlate({
      text: text as string,
      kind,
      season: hasSeason ? { start, end } : undefined,
      size,
    });
    return { ...result, formatted: result.plate && formatPlate(result.plate) };
  }, [text, kind, start, end, hasSeason, size]);
}
