import { WidgetSlot } from '../features/widget/deferredWidgetSlot';

/** spec 2: the embeddable configurator, template hidden, titled 'Configurator'. */
export function Component() {
  return (
    <>
      <h1 className="visually-hidden">Configurator</h1>
      <WidgetSlot tag="lp-banner-configurator" label="Kennzeichen-Konfigurator" />
    </>
  );
}
