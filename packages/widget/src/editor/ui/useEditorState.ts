import { useEffect, useState } from 'preact/hooks';
import type { EditorState, EditorStore } from '../store/editorStore';

/** Subscribes a component to the editor store (the thin-binding pattern with preact/hooks only). */
export function useEditorState(store: EditorStore): EditorState {
  const [state, setState] = useState(store.getState());
  useEffect(() => {
    setState(store.getState());
    return store.subscribe(setState);
  }, [store]);
  return state;
}
