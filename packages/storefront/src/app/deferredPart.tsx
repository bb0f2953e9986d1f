import { type ComponentType, type ReactNode, Suspense, lazy, memo, useEffect } from 'react';

/**
 * Selective hydration of page parts the first interaction does not need (footer, toasts, consent banner ...).
 * The server renders such a part in place (`staticPart`), inside a Suspense boundary; the browser gives the same
 * boundary a lazy component (`lazyPart`). React keeps the server's HTML of a boundary whose code has not arrived
 * and hydrates it when the chunk is there: the page looks the same, its initial script is smaller.
 */

/** A deferred part as its users render it. */
export type Part<P> = (props: P) => ReactNode;

/** Parts the hydrating render met, by name, with what resolves once each has hydrated (its first effect ran). */
const parts = new Map<string, { hydrated: Promise<void>; done: () => void }>();

function partOf(name: string) {
  let part = parts.get(name);
  if (!part) {
    let done = () => {};
    const hydrated = new Promise<void>((resolve) => {
      done = resolve;
    });
    part = { hydrated, done };
    parts.set(name, part);
  }
  return part;
}

/** Resolves once every deferred part rendered so far has hydrated (HydrationMark waits for it). */
export function whenPartsHydrated(): Promise<void> {
  return Promise.all([...parts.values()].map((part) => part.hydrated)).then(() => undefined);
}

/** The server's side: the component itself, inside the boundary the browser's lazy part hydrates. */
export function staticPart<P extends object>(Component: ComponentType<P>): Part<P> {
  return function StaticPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}

type AnyProps = Record<string, unknown>;
interface PartWiring {
  partName: string;
  partComponent: ComponentType<AnyProps>;
}

/**
 * The boundary of a lazy part. memo: a parent's re-render with equal props (a click elsewhere) must not reach a
 * boundary still waiting for its chunk; React would give up its server HTML and show the empty fallback instead.
 */
const LazyBoundary = memo(function LazyBoundary({
  partName,
  partComponent: Lazy,
  ...props
}: PartWiring & AnyProps) {
  partOf(partName);
  return (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
});

/** The loaded component; its first effect says the part has hydrated. */
function HydratedPart({ partName, partComponent: Component, ...props }: PartWiring & AnyProps) {
  useEffect(() => partOf(partName).done(), [partName]);
  return <Component {...props} />;
}

/**
 * The browser's side: the component from its own chunk, requested at once (it loads while the route's data and
 * modules do). `name` identifies the part for {@link whenPartsHydrated}. A chunk that does not load (network, a new
 * deployment) leaves the part as the server rendered it, working as it does without script (links navigate, forms
 * post); the error goes to the window's error handler (entry-client reports it) and the page stays unmarked.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): Part<P> {
  const module = load().then(
    (Component) => ({
      default: (props: AnyProps) => (
        <HydratedPart partName={name} partComponent={Component as ComponentType<AnyProps>} {...props} />
      ),
    }),
    (error: unknown) => {
      window.dispatchEvent(new ErrorEvent('error', { error, message: String(error) }));
      return new Promise<never>(() => {});
    },
  );
  const Lazy = lazy(() => module);
  return (props: P) => <LazyBoundary partName={name} partComponent={Lazy} {...props} />;
}
