export declare const CLIENT_ENTRY: string;
export declare const BUDGET_KB: number;
export declare const ROUTE_PAGES: Record<string, string>;
export interface RouteSize {
  route: string;
  files: string[];
  totalKb: number;
  frameworkKb: number;
  appKb: number;
}
export declare function measureRoutes(distDir: string): RouteSize[];
