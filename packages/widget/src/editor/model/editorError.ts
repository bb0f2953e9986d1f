/**
 * The editor's error family (CONVENTIONS: one error family, a closed union of codes, a Symbol.for brand so a
 * second bundled copy is still recognised). Apps narrow on `code`.
 */
export type EditorErrorCode = 'invalidDocument' | 'invalidImage' | 'uploadFailed' | 'exportFailed';

/** Why a picked picture was refused (code `invalidImage`): the editor shows a message of its own for each. */
export type ImageProblem =
  | 'empty'
  | 'tooLarge'
  | 'heif'
  | 'format'
  | 'tooManyPixels'
  | 'shape'
  | 'overUploadCap'
  | 'unreadable';

const BRAND = Symbol.for('lp.editor.error');

export class EditorError extends Error {
  override readonly name = 'EditorError' as const;
  readonly code: EditorErrorCode;
  /** Set on `invalidImage` errors. */
  readonly reason?: ImageProblem;
  readonly [BRAND] = true;

  constructor(code: EditorErrorCode, message: string, options?: { cause?: unknown; reason?: ImageProblem }) {
    super(message, options);
    this.code = code;
    if (options?.reason) this.reason = options.reason;
  }
}

export function isEditorError(error: unknown): error is EditorError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}
