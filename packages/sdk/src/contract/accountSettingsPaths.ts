/**
 * Session 20, the logged-in customer's own settings, each with the current password: a new password, a new address
 * (confirmed by a link to it), the data download (DSGVO art. 15/20) and the erasure (art. 17). Not in `accountPaths`
 * and not in ./paths.ts: a bundler puts a module's constants where the module goes, and paths.ts is in every
 * storefront route's first script; this module goes only with the settings.
 */
export const accountSettingsPaths = {
  changePassword: '/api/Account/changePassword',
  changeEmail: '/api/Account/changeEmail',
  exportData: '/api/Account/exportData',
  deleteAccount: '/api/Account/deleteAccount',
} as const;
