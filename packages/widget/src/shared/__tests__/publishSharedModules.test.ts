// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { publishSharedModules, sharedModules } from '../publishSharedModules';
import { SHARED_MODULE_NAMES, SHARED_MODULES_KEY } from '../sharedModuleNames';

type Host = { LpWidget?: Record<PropertyKey, unknown> };
const host = () => window as unknown as Host;
const KEY = Symbol.for(SHARED_MODULES_KEY);

afterEach(() => {
  delete host().LpWidget;
});

describe('shared modules for the lazy chunks', () => {
  it('publishes exactly the listed names, each a real export', () => {
    expect(Object.keys(sharedModules).sort()).toEqual(Object.keys(SHARED_MODULE_NAMES).sort());
    for (const [key, names] of Object.entries(SHARED_MODULE_NAMES)) {
      const published = sharedModules[key as keyof typeof sharedModules];
      expect(Object.keys(published).sort(), key).toEqual([...names].sort());
      for (const name of names) expect(published[name as never], `${key} ${name}`).toBeDefined();
    }
  });

  it('puts them on window.LpWidget under a Symbol.for key, hidden from enumeration', () => {
    publishSharedModules();
    expect(host().LpWidget?.[KEY]).toBe(sharedModules);
    expect(Object.keys(host().LpWidget ?? {})).toEqual([]);
  });

  it('leaves modules an earlier lp-widget.js published in place (one Preact per page)', () => {
    const earlier = { preact: {} };
    host().LpWidget = {};
    Object.defineProperty(host().LpWidget, KEY, { value: earlier });
    publishSharedModules();
    expect(host().LpWidget?.[KEY]).toBe(earlier);
  });

  it('keeps what a page already has on window.LpWidget', () => {
    const mount = () => undefined;
    host().LpWidget = { mount };
    publishSharedModules();
    expect(host().LpWidget?.mount).toBe(mount);
  });
});
