/**
 * The OpenLayers styles of the sightings layer, from the profile layer's symbology: one per rule,
 * then the default (a batch's `styleIndex` picks one), and the lighter look of a find not
 * confirmed yet.
 */
import RegularShape from 'ol/style/RegularShape.js';
import { Fill, Style } from 'ol/style.js';
import { asArray } from 'ol/color.js';
import type { ProfileLayer, SymbolStyle } from '../../domain/model.ts';
import { toOlStyle } from './symbology.ts';

/** The grey of styles nothing else matched. */
export const FALLBACK: SymbolStyle = {
  marker: { type: 'circle', radius: 6, fill: { color: '#848484' }, stroke: { color: '#ffffff', width: 2 } },
};

/** Builds the cached OpenLayers styles of a layer: one per rule, then the default. */
export function layerStyles(layer: ProfileLayer): Style[] {
  const sym = layer.symbology;
  const parts: SymbolStyle[] =
    sym.type === 'simple' ? [sym.style] : [...sym.rules.map((r) => r.style), sym.style ?? FALLBACK];
  return parts.map((p) => {
    try {
      return toOlStyle(p);
    } catch (e) {
      console.error(e);
      return toOlStyle(FALLBACK);
    }
  });
}

/**
 * The lighter look of a find not confirmed yet: the same symbol with its fill at 40 % (the
 * stroke kept), so it reads as 'unchecked' without a second colour scheme; other symbols at 55 %.
 */
export function unconfirmedStyle(style: Style): Style {
  const image = style.getImage();
  if (!(image instanceof RegularShape)) {
    const s = style.clone();
    s.getImage()?.setOpacity(0.55);
    return s;
  }
  const shape = image.clone();
  const color = shape.getFill()?.getColor();
  if (typeof color === 'string' || Array.isArray(color)) {
    const [r, g, b, a = 1] = asArray(color);
    shape.setFill(new Fill({ color: [r!, g!, b!, a * 0.4] }));
  }
  return new Style({ image: shape, zIndex: style.getZIndex() });
}
