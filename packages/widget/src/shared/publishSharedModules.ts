import { ATTR } from '@lp/sdk/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Fragment, jsx, jsxs } from 'preact/jsx-runtime';
import { defineElement } from '../elements/defineElement';
import { DEFAULT_COMPANY, getDefaults, getSdk } from '../sdkRegistry';
import { baseStyles } from '../styles/baseStyles';
import { pageSlot } from './pageSlot';
import { SHARED_MODULES_KEY, type SHARED_MODULE_NAMES } from './sharedModuleNames';

type SharedModules = {
  [K in keyof typeof SHARED_MODULE_NAMES]: Record<(typeof SHARED_MODULE_NAMES)[K][number], unknown>;
};

/** The modules of this script that its lazy chunks reuse (see sharedModuleNames.ts). */
export const sharedModules: SharedModules = {
  'preact/hooks': { useCallback, useEffect, useMemo, useRef, useState },
  'preact/jsx-runtime': { Fragment, jsx, jsxs },
  '@lp/sdk/contract': { ATTR },
  sdkRegistry: { DEFAULT_COMPANY, getDefaults, getSdk },
  'elements/defineElement': { defineElement },
  'styles/baseStyles': { baseStyles },
};

/**
 * Puts {@link sharedModules} on `window.LpWidget` under `Symbol.for('lp.widget.modules')` (no new global), before
 * any chunk loads. The first script on a page wins, so every chunk sees one Preact and one SDK registry even when
 * a page includes lp-widget.js twice.
 */
export function publishSharedModules(): void {
  pageSlot(SHARED_MODULES_KEY, () => sharedModules);
}
