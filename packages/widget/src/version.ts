/** Version of the widget, as `window.LpWidget.version` reports it. */
export const WIDGET_VERSION = '0.1.8';
