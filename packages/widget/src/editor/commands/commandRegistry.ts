import { addIcon, addImage, addSmile, addText, setBackground } from './addCommands';
import { alignCentre, alignLeft, alignRight } from './alignCommands';
import type { Command, KeyLike } from './commandTypes';
import { redo, undo } from './historyCommands';
import { bringForward, sendBackward } from './orderCommands';
import { deleteItem, deselect, duplicate, select } from './selectionCommands';
import { updateStyle } from './styleCommands';
import { moveBy, moveTo, resize, rotate } from './transformCommands';

/**
 * The one registry every surface reads (CONVENTIONS). An explicit list rather than side-effect registration,
 * so bundlers cannot tree-shake a command away.
 */
const ALL = [
  addText,
  addSmile,
  addIcon,
  addImage,
  setBackground,
  select,
  deselect,
  deleteItem,
  duplicate,
  alignLeft,
  alignCentre,
  alignRight,
  moveBy,
  moveTo,
  resize,
  rotate,
  updateStyle,
  bringForward,
  sendBackward,
  undo,
  redo,
] as Command<never>[];

export type CommandName =
  | 'addText'
  | 'addSmile'
  | 'addIcon'
  | 'addImage'
  | 'setBackground'
  | 'select'
  | 'deselect'
  | 'delete'
  | 'duplicate'
  | 'alignLeft'
  | 'alignCentre'
  | 'alignRight'
  | 'moveBy'
  | 'moveTo'
  | 'resize'
  | 'rotate'
  | 'updateStyle'
  | 'bringForward'
  | 'sendBackward'
  | 'undo'
  | 'redo';

const byName = new Map<string, Command<never>>(ALL.map((c) => [c.name, c]));

export function getCommand(name: string): Command<unknown> | undefined {
  return byName.get(name) as Command<unknown> | undefined;
}

export function listCommands(): readonly Command<unknown>[] {
  return ALL as readonly Command<unknown>[];
}

/** The first command whose shortcut matches the key press, with the arguments that shortcut passes. */
export function commandForKey(event: KeyLike): { command: Command<unknown>; args: unknown } | undefined {
  for (const command of ALL as Command<unknown>[]) {
    if (command.keyTest?.(event)) return { command, args: command.keyArgs?.(event) };
  }
  return undefined;
}
