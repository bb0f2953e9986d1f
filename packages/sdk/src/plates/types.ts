/** Kinds of official plate (DESIGN 3). E and H add a suffix after the digits; season adds the month field. */
export type PlateKind = 'standard' | 'E' | 'H' | 'season' | 'H+season' | 'E+season';

/** The 15 sizes of the spec's plate-size catalogue (spec 3), width x height in millimetres, plus the parking sign. */
export type PlateSizeId =
  | '180x200'
  | '200x200'
  | '220x200'
  | '240x130'
  | '240x155'
  | '250x200'
  | '255x130'
  | '280x200'
  | '340x200'
  | '380x110'
  | '400x110'
  | '420x110'
  | '460x110'
  | '520x110'
  | 'parkplatz';

/** Font widths of the plate lettering: FE-Schrift "Mittelschrift" (standard) and "Engschrift" (narrow). */
export type FontWidth = 'standard' | 'narrow';

/** Season of a seasonal plate: first and last month the vehicle may be driven, 1-12, inclusive. */
export interface Season {
  start: number;
  end: number;
}

export interface PlateSize {
  id: PlateSizeId;
  widthMm: number;
  heightMm: number;
  /** 2: district on the first line, letters and digits on the second. */
  lines: 1 | 2;
  /**
   * Most characters (district, letters, digits) a standard registration may have and still fit, whatever its
   * district length. E/H and the season field need more room; validatePlate checks the real fit.
   * For the parking sign: characters per sign (2 lines of 16).
   */
  capacity: number;
  /** Narrowest font width this size may use: 'narrow' only on 520x110, when standard width does not fit. */
  fontWidth: FontWidth;
}

/** A registration split into its parts (canonical upper case, umlauts as Ä Ö Ü). */
export interface ParsedPlate {
  /** Unterscheidungszeichen, 1-3 letters. */
  district: string;
  /** 1-2 letters A-Z of the Erkennungsnummer. */
  letters: string;
  /** 1-4 digits of the Erkennungsnummer, no leading zero. */
  digits: string;
  /** E or H when the shopper typed it after the digits (the kind decides what is printed). */
  suffix?: 'E' | 'H';
}

/** One finding of the plate rules. `code` is stable (apps narrow on it); `message` is German, for shoppers. */
export interface PlateIssue {
  code: PlateIssueCode;
  message: string;
}

export interface PlateValidation {
  /** No errors (warnings allowed). */
  ok: boolean;
  /** The parts read, whenever they have the shape of a registration (also when e.g. the district is unknown). */
  plate: ParsedPlate | null;
  errors: PlateIssue[];
  warnings: PlateIssue[];
}

/** Stable codes of every finding of the plate and free-text rules. */
export type PlateIssueCode =
  | 'empty'
  | 'invalid-characters'
  | 'format'
  | 'unknown-district'
  | 'letters-missing'
  | 'letters-too-many'
  | 'letters-umlaut'
  | 'digits-missing'
  | 'digits-too-many'
  | 'leading-zero'
  | 'forbidden-letters'
  | 'too-long'
  | 'suffix-mismatch'
  | 'season-missing'
  | 'season-month'
  | 'season-span'
  | 'size-unknown'
  | 'size-not-official'
  | 'size-too-small'
  | 'kind-unknown'
  | 'free-text-empty'
  | 'free-text-too-long'
  | 'free-text-characters'
  | 'free-text-lines'
  | 'regional-ban'
  | 'federal-district'
  | 'ambiguous-split';
