import { Circle, Fill, Icon, RegularShape, Stroke, Style, Text } from 'ol/style.js';
import type ImageStyle from 'ol/style/Image.js';
import type { FillStyle, MarkerStyle, StrokeStyle, SymbolStyle } from '../../domain/model.ts';

/** Thrown for an invalid style (see `validateStyle`). */
export class InvalidStyleError extends Error {
  constructor(detail: string) {
    super(`Invalid json style... ${detail}`);
    this.name = 'InvalidStyleError';
  }
}

/**
 * A stroke is never thinner than 1 px; scaled widths divide by the resolution
 * factor (at least 1).
 */
export function strokeWidth(width: number | undefined, isScaled: boolean, resolutionFactor: number): number {
  const w = width ?? 1;
  const scaled = isScaled ? w / Math.max(1, resolutionFactor) : w;
  return Math.max(1, scaled);
}

/** Checks a style: an icon needs svgString, a fill color, a text columnId, stroke and fill. */
export function validateStyle(s: SymbolStyle): void {
  if (!s.icon && !s.fill && !s.text && !s.marker && !s.stroke) throw new InvalidStyleError('no style part');
  if (s.icon && !s.icon.svgString) throw new InvalidStyleError('icon without svgString');
  if (s.fill && !s.fill.color) throw new InvalidStyleError('fill without color');
  if (s.text && (s.text.columnId === undefined || !s.text.stroke || !s.text.fill)) {
    throw new InvalidStyleError('text needs columnId, stroke and fill');
  }
  if (s.marker?.fill && !s.marker.fill.color) throw new InvalidStyleError('marker fill without color');
}

function olFill(f: FillStyle | undefined): Fill | undefined {
  return f ? new Fill({ color: f.color }) : undefined;
}

function olStroke(s: StrokeStyle | undefined, isScaled: boolean, rf: number): Stroke | undefined {
  if (!s) return undefined;
  return new Stroke({
    color: s.color,
    width: strokeWidth(s.width, isScaled, rf),
    lineCap: s.lineCap,
    lineJoin: s.lineJoin,
    lineDash: s.lineDash,
    lineDashOffset: s.lineDashOffset,
  });
}

const SHAPES: Record<
  Exclude<MarkerStyle['type'], 'circle'>,
  { points: number; angle: number; radius2?: number; ratio?: number }
> = {
  square: { points: 4, angle: Math.PI / 4 },
  rectangle: { points: 4, angle: Math.PI / 4, ratio: 0.6 },
  triangle: { points: 3, angle: 0 },
  star: { points: 5, angle: 0, radius2: 0.45 },
  cross: { points: 4, angle: 0, radius2: 0 },
};

function olMarker(m: MarkerStyle, rf: number): ImageStyle {
  const radius = m.isScaled ? Math.max(2, m.radius / Math.max(1, rf)) : m.radius;
  const fill = olFill(m.fill);
  const stroke = olStroke(m.stroke, !!m.isScaled, rf);
  if (m.type === 'circle') return new Circle({ radius, fill, stroke });
  const shape = SHAPES[m.type];
  return new RegularShape({
    points: shape.points,
    radius,
    radius2: shape.radius2 !== undefined ? radius * shape.radius2 : undefined,
    angle: shape.angle,
    rotation: m.rotation ?? 0,
    scale: shape.ratio ? [1, shape.ratio] : undefined,
    fill,
    stroke: stroke ?? (m.type === 'cross' ? new Stroke({ color: m.fill?.color ?? '#000', width: 2 }) : undefined),
  });
}

function olIcon(icon: NonNullable<SymbolStyle['icon']>, rf: number): Icon {
  return new Icon({
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(icon.svgString)}`,
    anchor: icon.anchor ?? [0.5, 0.5],
    rotation: icon.rotation ?? 0,
    scale: (icon.scale ?? 1) / (icon.isScaled ? Math.max(1, rf) : 1),
  });
}

/**
 * Turns a symbology style into an OpenLayers style. `label` is the text of the feature's
 * text column, when the style has one; `resolutionFactor` scales 'isScaled' parts.
 */
export function toOlStyle(s: SymbolStyle, resolutionFactor = 1, label?: string): Style {
  validateStyle(s);
  const image = s.icon ? olIcon(s.icon, resolutionFactor) : s.marker ? olMarker(s.marker, resolutionFactor) : undefined;
  let text: Text | undefined;
  if (s.text && label !== undefined) {
    text = new Text({
      text: label,
      font: `${s.text.size ?? 12}px system-ui, sans-serif`,
      offsetX: s.text.offsetX ?? 0,
      offsetY: s.text.offsetY ?? 0,
      fill: olFill(s.text.fill),
      stroke: olStroke(s.text.stroke, false, 1),
    });
  }
  return new Style({ image, fill: olFill(s.fill), stroke: olStroke(s.stroke, false, resolutionFactor), text });
}
