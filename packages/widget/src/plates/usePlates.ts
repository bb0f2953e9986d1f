import { useEffect, useState } from 'preact/hooks';
import { type PlatesApi, loadPlates, loadedPlates } from './platesApi';

/**
 * The plate rules for a component: null while the chunk loads; `onError` hears a failed load. After a failure the
 * second value asks for the chunk again (a phone that lost its connection for a moment is not stuck until a
 * reload); undefined otherwise.
 */
export function usePlates(onError: (error: unknown) => void): [PlatesApi | null, (() => void) | undefined] {
  const [plates, setPlates] = useState<PlatesApi | null>(loadedPlates);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (plates || failed) return;
    let live = true;
    loadPlates().then(
      (module) => live && setPlates(() => module),
      (error: unknown) => {
        if (!live) return;
        setFailed(true);
        onError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [failed]);
  return [plates, failed ? () => setFailed(false) : undefined];
}
