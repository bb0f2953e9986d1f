import { type CommandName, getCommand } from '../commands/commandRegistry';
import { HISTORY_CAP } from '../model/constants';
import { createDocument } from '../model/createDocument';
import type { DesignDocument } from '../model/designTypes';
import { applyTextMetrics, estimateTextWidth, type TextMeasurer } from '../model/textMetrics';

export interface EditorState {
  doc: DesignDocument;
  /** Older documents, most recent last (capped). */
  past: DesignDocument[];
  future: DesignDocument[];
  /** spec 4: on while the canvas renders and the image uploads. */
  saving: boolean;
}

export interface EditorStoreOptions {
  doc?: DesignDocument;
  measure?: TextMeasurer;
  historyCap?: number;
  /** Receives the trackEvent action of each command that changed the document; errors are swallowed. */
  track?: (action: string) => void;
  /** Window in which changes with the same coalesce key share one undo step. @default 1000 */
  coalesceMs?: number;
}

export interface EditorStore {
  getState(): EditorState;
  subscribe(listener: (state: EditorState) => void): () => void;
  /** Runs a registered command; returns true when the document changed. Unknown names do nothing. */
  dispatch(name: CommandName | string, args?: unknown): boolean;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Replaces the document (loading a stored design) and clears the history. */
  load(doc: DesignDocument): void;
  setSaving(saving: boolean): void;
  /** Swaps the text measurer (fonts loaded) and re-measures without entering history. */
  setMeasure(measure: TextMeasurer): void;
}

/**
 * The editor's framework-free state: the document, its undo history and the saving flag (zustand-vanilla shape,
 * written out because it is 60 lines). Bindings subscribe and render; commands are the only writers.
 */
export function createEditorStore(options: EditorStoreOptions = {}): EditorStore {
  let measure = options.measure ?? estimateTextWidth;
  const cap = options.historyCap ?? HISTORY_CAP;
  let state: EditorState = {
    doc: applyTextMetrics(options.doc ?? createDocument(), measure),
    past: [],
    future: [],
    saving: false,
  };
  const listeners = new Set<(s: EditorState) => void>();
  /** Key and time of the last history entry, for commands that coalesce. */
  let lastStep: { key: string; at: number } | undefined;
  const coalesceMs = options.coalesceMs ?? 1000;

  const set = (next: EditorState) => {
    state = next;
    for (const listener of listeners) listener(state);
  };

  const track = (action: string | undefined) => {
    if (!action || !options.track) return;
    try {
      options.track(action);
    } catch {
      // CONVENTIONS: tracking never throws into the caller.
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(name, args) {
      const command = getCommand(name);
      if (!command || state.saving) return false;
      if (name === 'undo' || name === 'redo') {
        const from = name === 'undo' ? state.past : state.future;
        const doc = from[from.length - 1];
        if (!doc) return false;
        lastStep = undefined;
        const rest = from.slice(0, -1);
        const pushed = name === 'undo' ? [...state.future, state.doc] : [...state.past, state.doc];
        set(
          name === 'undo'
            ? { ...state, doc, past: rest, future: pushed }
            : { ...state, doc, past: pushed, future: rest },
        );
        return true;
      }
      const doc = applyTextMetrics(command.perform(state.doc, args), measure);
      if (doc === state.doc) return false;
      if (command.history) {
        const key = command.coalesceKey?.(args);
        const now = Date.now();
        const merge = key !== undefined && lastStep?.key === key && now - lastStep.at < coalesceMs;
        lastStep = key === undefined ? undefined : { key, at: now };
        const past = merge ? state.past : [...state.past, state.doc];
        if (past.length > cap) past.splice(0, past.length - cap);
        set({ ...state, doc, past, future: [] });
      } else {
        set({ ...state, doc });
      }
      track(command.trackEvent?.action);
      return true;
    },
    canUndo: () => state.past.length > 0,
    canRedo: () => state.future.length > 0,
    load(doc) {
      set({ ...state, doc: applyTextMetrics(doc, measure), past: [], future: [] });
    },
    setSaving(saving) {
      if (saving !== state.saving) set({ ...state, saving });
    },
    setMeasure(next) {
      measure = next;
      const doc = applyTextMetrics(state.doc, measure);
      if (doc !== state.doc) set({ ...state, doc });
    },
  };
}
