import type { DesignDocument } from '../model/designTypes';

/** The parts of a KeyboardEvent a command's shortcut looks at (plain object in tests). */
export interface KeyLike {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * One editor operation (CONVENTIONS: Excalidraw-style registered commands). `perform` is pure: it returns the
 * next document (or the same one when nothing applies). Toolbar, keyboard, undo and tracking read the registry.
 */
export interface Command<A = unknown> {
  name: string;
  /** German label for toolbar buttons (spec texts); absent for commands without a button. */
  label?: string;
  perform(doc: DesignDocument, args: A): DesignDocument;
  /** True when this key press triggers the command. */
  keyTest?(event: KeyLike): boolean;
  /** Arguments a shortcut passes (e.g. the nudge distance of an arrow key). */
  keyArgs?(event: KeyLike): A;
  /** Whether a change enters the undo history. */
  history: boolean;
  /**
   * Changes with the same key in quick succession share one undo step (typing a word is one step, not one per
   * letter). Undefined = every change is its own step.
   */
  coalesceKey?(args: A): string | undefined;
  /** Analytics action name; absent = not tracked. */
  trackEvent?: { action: string };
}

/** Identity helper that keeps the argument type of a command literal. */
export function defineCommand<A>(command: Command<A>): Command<A> {
  return command;
}

export function isMod(event: KeyLike): boolean {
  return Boolean(event.ctrlKey || event.metaKey);
}
