/** The guide's Content-Security-Policy for a page embedding the widget (./contentSecurityPolicy.mjs). */
export declare function widgetContentSecurityPolicy(origins: { shop: string; api: string }): string;
