// lp-plates.js: the plate rules and renderer for the script-tag build, registered for lp-widget.js.
import {
  PLATE_SIZES,
  formatPlate,
  renderPlateSvg,
  suggestSize,
  validateFreeText,
  validatePlate,
} from '@lp/sdk/plates';
import { registerChunk } from './loadChunk';
import type { PlatesApi } from './platesApi';

registerChunk('plates', {
  PLATE_SIZES,
  formatPlate,
  renderPlateSvg,
  suggestSize,
  validateFreeText,
  validatePlate,
} satisfies PlatesApi);
