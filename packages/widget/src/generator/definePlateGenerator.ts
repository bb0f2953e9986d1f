import { type PlatesApi, setPlatesLoader } from '../plates/platesApi';
import { defineGeneratorElement } from './defineGeneratorElement';

export { PLATE_GENERATOR_ATTRIBUTES, PLATE_GENERATOR_TAG } from './defineGeneratorElement';

/**
 * Defines `<lp-plate-generator>`; a second call is a no-op. The plate rules are imported from `@lp/sdk/plates`
 * on first use (your bundler makes that a chunk of its own) unless `plates` says otherwise.
 *
 * @example
 * definePlateGenerator();
 * document.body.append(Object.assign(document.createElement('lp-plate-generator'), { api: 'https://api.example.de' }));
 */
export function definePlateGenerator(
  options: { plates?: () => Promise<PlatesApi> } = {},
): CustomElementConstructor | undefined {
  setPlatesLoader(options.plates ?? (() => import('@lp/sdk/plates')));
  return defineGeneratorElement();
}
