/** @jsxImportSource preact */
import type { PlateKind } from '@lp/sdk/plates';
import { useEffect, useState } from 'preact/hooks';
import type { ElementBaseProps } from '../elements/defineElement';
import { DEFAULT_PRODUCT_ALIAS } from '../generator/PlateGenerator';
import { parseKind } from '../generator/configuration';
import { de } from '../i18n/de';
import { getDefaults } from '../sdkRegistry';
import { continueInGenerator } from './continueInGenerator';

/** Attributes of `<lp-banner-configurator>`; null means absent. */
export interface BannerAttributes {
  shopUrl: string | null;
  product: string | null;
  target: string | null;
  kennzeichen: string | null;
  type: string | null;
  lang: string | null;
}

export interface BannerConfiguratorProps extends BannerAttributes, ElementBaseProps {}

/** The four types the strip offers; the full generator adds the seasonal combinations. */
const BANNER_KINDS = ['standard', 'E', 'H', 'season'] as const;

/**
 * `<lp-banner-configurator>`: a compact hero strip (plate-style input, type toggle, 'Jetzt konfigurieren') that
 * continues in the full generator on the page, or in the shop.
 */
export function BannerConfigurator(props: BannerConfiguratorProps) {
  const [text, setText] = useState(props.kennzeichen ?? '');
  const [kind, setKind] = useState<PlateKind>(parseKind(props.type) ?? 'standard');
  useEffect(() => setText(props.kennzeichen ?? ''), [props.kennzeichen]);
  useEffect(() => setKind(parseKind(props.type) ?? 'standard'), [props.type]);

  const change = (next: { text: string; kind: PlateKind }) => props.emit('lp-change', next);
  const submit = (event: Event) => {
    event.preventDefault();
    const shopUrl = (props.shopUrl ?? getDefaults().shopUrl ?? '').replace(/\/+$/, '');
    const how = continueInGenerator(props.host, {
      text: text.trim(),
      kind,
      target: props.target,
      shopUrl,
      productAlias: props.product ?? DEFAULT_PRODUCT_ALIAS,
    });
    props.emit('lp-continue', { text: text.trim(), kind, how });
  };

  return (
    <div class="root" part="root" lang="de">
      <form class="banner" part="form" noValidate onSubmit={submit}>
        <p class="heading" part="heading">
          {de.banner.heading}
        </p>
        <div class="banner-field">
          <label class="label" for="lp-banner-text">
            {de.plateText}
          </label>
          <input
            id="lp-banner-text"
            class="control plate-input"
            part="input plate-input"
            type="text"
            name="kennzeichen"
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            spellcheck={false}
            maxLength={20}
            placeholder={de.plateTextHint}
            onInput={(event) => {
              setText(event.currentTarget.value);
              change({ text: event.currentTarget.value, kind });
            }}
          />
        </div>
        <fieldset class="types" part="types">
          <legend>{de.banner.type}</legend>
          {BANNER_KINDS.map((option) => (
            <label key={option} class="type" part="type">
              <input
                type="radio"
                name="lp-banner-kind"
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  change({ text, kind: option });
                }}
              />
              <span>{de.bannerKinds[option]}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" class="button" part="button cta">
          {de.banner.cta}
        </button>
      </form>
    </div>
  );
}
