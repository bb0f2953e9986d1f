import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type WidgetElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  api?: string;
  company?: string;
  'shop-url'?: string;
};

// React 19 renders custom elements; these are the widget's (packages/widget) tags.
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'lp-plate-generator': WidgetElementProps;
      'lp-banner-configurator': WidgetElementProps;
    }
  }
}
