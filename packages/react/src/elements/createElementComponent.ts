import {
  type DetailedHTMLProps,
  type ForwardRefExoticComponent,
  type HTMLAttributes,
  type PropsWithoutRef,
  type RefAttributes,
  createElement,
  forwardRef,
  useContext,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  version,
} from 'react';
import { LpContext } from '../LpProvider';
import { isDevelopment } from '../isDevelopment';
import type { LpElementSdk } from '@lp/widget/types';

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/** Handler props of a wrapper: `lp-add-to-cart` becomes `onAddToCart`, receiving the typed `CustomEvent`. */
export type LpHandlerProps<M> = {
  [K in keyof M & string as K extends `lp-${infer Name}` ? `on${Capitalize<Camel<Name>>}` : never]?: (
    event: M[K],
  ) => void;
};

/** Props of a wrapper component: the element's attributes, its events as `onX` handlers, and a ref to it. */
export type LpComponentProps<E extends HTMLElement, Attributes, M> = Omit<
  DetailedHTMLProps<HTMLAttributes<E>, E>,
  'ref' | keyof LpHandlerProps<M>
> &
  Attributes &
  LpHandlerProps<M>;

export type LpComponent<E extends HTMLElement, P> = ForwardRefExoticComponent<
  PropsWithoutRef<P> & RefAttributes<E>
>;

// Layout effects run before the browser paints; the server runs none (and React 18 would warn there).
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

type Props = Record<string, unknown>;

// React 19 sets a prop as a property when the element has it, before inserting the element: an element defined
// before the render then never renders without its SDK. React 18 would write an attribute instead.
const setsProperties = Number.parseInt(version, 10) >= 19;
const noSubscription = () => () => {};

/**
 * Builds a wrapper around one of the widget's elements that works the same in React 18 and 19: attributes pass
 * through (and are server-rendered), `onAddToCart`-style props become listeners for the element's `lp-*` events,
 * and `sdk` (default: the `LpProvider`'s) is set as a property. In development a camel-case `onLp…` prop throws,
 * because React would silently never call it.
 */
export function createElementComponent<E extends HTMLElement, P>(
  tag: string,
  events: readonly string[],
  takesSdk: boolean,
): LpComponent<E, P> {
  const handlers = events.map(
    (name) => [`on${name.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`, `lp-${name}`] as const,
  );
  const component = forwardRef<E, Props>((props, ref) => {
    if (isDevelopment()) {
      for (const key in props) {
        if (/^on[Ll]p[A-Z]/.test(key)) {
          const event = `lp${key.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
          throw new Error(
            `@lp/react: <${tag}> got the prop ${key}, which React never calls (it would listen for an event named '${key.slice(2)}'). Use on${key.slice(4)} on the wrapper component, or on${event} on the <${tag}> tag.`,
          );
        }
      }
    }
    const node = useRef<E>(null);
    const latest = useRef(props);
    const context = useContext(LpContext);
    const sdk = (props.sdk as LpElementSdk | undefined) ?? context;
    // False on the server and while hydrating (the server HTML has no property to match), true afterwards.
    const client = useSyncExternalStore(
      noSubscription,
      () => true,
      () => false,
    );
    useImperativeHandle(ref, () => node.current as E, []);
    useCommitEffect(() => {
      latest.current = props;
    });
    useCommitEffect(() => {
      if (takesSdk && sdk) (node.current as unknown as { sdk: LpElementSdk }).sdk = sdk;
    }, [sdk]);
    useCommitEffect(() => {
      const element = node.current!;
      const stops = handlers.map(([prop, type]) => {
        const listener = (event: Event) =>
          (latest.current[prop] as ((event: Event) => void) | undefined)?.(event);
        element.addEventListener(type, listener);
        return () => element.removeEventListener(type, listener);
      });
      return () => {
        for (const stop of stops) stop();
      };
    }, []);
    const passed: Record<string, unknown> = { ...props, ref: node };
    delete passed.sdk;
    for (const [prop] of handlers) delete passed[prop];
    const defined = client && typeof customElements !== 'undefined' && customElements.get(tag);
    if (takesSdk && sdk && setsProperties && defined) passed.sdk = sdk;
    return createElement(tag, passed);
  });
  component.displayName = tag;
  return component as unknown as LpComponent<E, P>;
}
