import { WidgetSlot } from '../features/widget/deferredWidgetSlot';

/** spec 2: the embeddable configurator, template hidden, titled 'Configurator'. */
export function Component() {
  return (
    <>
      {/* The document title is the spec's 'Configurator'; what a screen reader reads out is German. */}
      <h1 className="visually-hidden">Konfigurator</h1>
      <WidgetSlot tag="lp-banner-configurator" label="Kennzeichen-Konfigurator" />
    </>
  );
}
