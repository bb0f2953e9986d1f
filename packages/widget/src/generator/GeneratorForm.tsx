/** @jsxImportSource preact */
import type { AddCartItemBody, Product } from '@lp/sdk/contract';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { de } from '../i18n/de';
import type { PlatesApi } from '../plates/platesApi';
import { PlatePreview } from '../preview/PlatePreview';
import { ColourSelect } from './ColourSelect';
import { KindSelect } from './KindSelect';
import { PlateTextInput } from './PlateTextInput';
import { PriceTag } from './PriceTag';
import { QuantityStepper } from './QuantityStepper';
import { SeasonMonths } from './SeasonMonths';
import { SizePicker } from './SizePicker';
import { buildCartBody, isSeasonalKind, parseKind, parseSize } from './configuration';
import { type ConfigurationDetail, describeConfiguration, plateTextOf } from './describeConfiguration';
import { useDeferredValue } from './useDeferredValue';
import { type InitialConfiguration, usePlateConfiguration } from './usePlateConfiguration';

export interface GeneratorFormProps {
  /**
   * The plate rules and renderer (`@lp/sdk/plates`); null while they load: the form already takes input and
   * shows a placeholder plate, adding waits for them.
   */
  plates: PlatesApi | null;
  /** The plate product; null while it loads (the form already works, price and button wait). */
  product: Product | null;
  initial: InitialConfiguration;
  /** Prefix of the ids inside this shadow root. */
  idPrefix?: string;
  onChange?: (detail: ConfigurationDetail) => void;
  /** Called with a valid configuration only. */
  onAdd: (body: AddCartItemBody, detail: ConfigurationDetail) => void;
  /** Given when the product or the plate rules failed to load: the add button then asks for them again. */
  onRetry?: (() => void) | undefined;
  /** True while the add request runs. */
  adding?: boolean;
  /** Where `lp-configure` events arrive (the custom element); their detail replaces text, kind and size. */
  host?: EventTarget;
  /** Confirmation and error area below the button. */
  children?: ComponentChildren;
}

/**
 * The plate generator's form: text with inline validation, kind, season, size pictures, quantity, colour, price
 * and the add button. Data in, callbacks out; the element around it owns the SDK and the cart.
 */
export function GeneratorForm(props: GeneratorFormProps) {
  const { product, plates, adding = false } = props;
  const id = props.idPrefix ?? 'lp-gen';
  const model = usePlateConfiguration(props.initial, product, plates);
  const { config, validation } = model;
  const [submitted, setSubmitted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const pictureText = useDeferredValue(config.text);
  const seasonal = isSeasonalKind(config.kind) && !model.freeText;
  const showIssues = submitted || config.text.trim() !== '';
  const issues = showIssues ? validation.errors : [];
  // The season's findings belong to the month selects, the rest to the text field.
  const seasonIssues = issues.filter((issue) => issue.code.startsWith('season'));

  const detail = describeConfiguration(model, product, plates);
  const onChange = props.onChange;
  const changeKey = JSON.stringify(detail);
  const firstChange = useRef(true);
  useEffect(() => {
    if (firstChange.current) {
      firstChange.current = false;
      return;
    }
    onChange?.(JSON.parse(changeKey) as ConfigurationDetail);
  }, [changeKey]);

  const { host } = props;
  useEffect(() => {
    if (!host) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<Record<string, unknown>>).detail ?? {};
      const text = detail.kennzeichen;
      model.apply({
        text: typeof text === 'string' ? text.slice(0, 40) : null,
        kind: parseKind(typeof detail.type === 'string' ? detail.type : null),
        size: parseSize(typeof detail.size === 'string' ? detail.size : null),
      });
    };
    host.addEventListener('lp-configure', listener);
    return () => host.removeEventListener('lp-configure', listener);
  }, [host]);

  const submit = (event: Event) => {
    event.preventDefault();
    if (adding) return;
    if (!product || !plates) return props.onRetry?.();
    setSubmitted(true);
    if (!validation.ok) {
      // The first marked control (the months when only the season is wrong), else the text.
      (
        (event.currentTarget as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid="true"]') ??
        inputRef.current
      )?.focus();
      return;
    }
    props.onAdd(buildCartBody(product, config, plateTextOf(model, plates)), detail);
  };

  return (
    <form class="generator" part="form" noValidate onSubmit={submit}>
      <div>
        <PlatePreview
          plates={plates}
          text={config.text}
          kind={config.kind}
          size={config.size}
          season={seasonal ? config.season : undefined}
          colour={config.colour}
          freeText={model.freeText}
        />
        <PlateTextInput
          id={`${id}-text`}
          value={config.text}
          onInput={model.setText}
          inputRef={inputRef}
          errors={issues.filter((issue) => !seasonIssues.includes(issue))}
          warnings={showIssues ? validation.warnings : []}
        />
        {model.freeText ? null : (
          <KindSelect id={`${id}-kind`} value={config.kind} onChange={model.setKind} />
        )}
        {seasonal ? (
          <SeasonMonths
            id={`${id}-season`}
            value={config.season}
            onChange={model.setSeason}
            errors={seasonIssues}
          />
        ) : null}
      </div>
      <div>
        <SizePicker
          plates={plates}
          id={`${id}-size`}
          value={config.size}
          suggested={model.suggested}
          offered={model.offered}
          text={pictureText}
          kind={config.kind}
          season={seasonal ? config.season : undefined}
          onChange={model.setSize}
        />
        <div class="row">
          <QuantityStepper
            id={`${id}-quantity`}
            value={config.quantity}
            min={product?.MinQuantity ?? 1}
            onChange={model.setQuantity}
          />
          <ColourSelect
            id={`${id}-colour`}
            colours={model.colours}
            value={config.colour}
            onChange={model.setColour}
          />
        </div>
        <PriceTag unitPrice={model.price} quantity={config.quantity} failed={!!props.onRetry} />
        <div class="actions">
          <button
            type="submit"
            class="button"
            part="button add-to-cart"
            // Preact writes false aria-* values as "false".
            aria-disabled={adding || !((product && plates) || props.onRetry)}
            aria-busy={adding}
          >
            {adding ? de.adding : de.addToCart}
          </button>
        </div>
        {props.children}
      </div>
    </form>
  );
}
