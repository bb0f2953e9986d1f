import type { ReactNode } from 'react';

/** The layout's half of the route guard (the rule: routeGuard.ts): the page, or the alert 'Bitte warten!' while routes are disabled. */
export function GuardedContent({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  if (!disabled) return <>{children}</>;
  return (
    <div className="guard-alert" role="alert">
      Bitte warten!
    </div>
  );
}
