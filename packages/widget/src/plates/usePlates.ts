import { useEffect, useState } from 'preact/hooks';
import { type PlatesApi, loadPlates, loadedPlates } from './platesApi';

/** The plate rules for a component: null while the chunk loads; `onError` hears a failed load. */
export function usePlates(onError: (error: unknown) => void): PlatesApi | null {
  const [plates, setPlates] = useState<PlatesApi | null>(loadedPlates);
  useEffect(() => {
    if (plates) return;
    let live = true;
    loadPlates().then(
      (module) => live && setPlates(() => module),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, []);
  return plates;
}
