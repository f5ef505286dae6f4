import type { FilterInput } from './filters/types.ts';

/**
 * The data model of the generic data platform, shared by the worker, the UI
 * (type-only imports) and the server. Coordinates of features are EPSG:3857.
 */

/** The platform's column types. */
export type ColumnType =
  | 'Integer'
  | 'Number'
  | 'Text'
  | 'LongText'
  | 'DateTime'
  | 'Boolean'
  | 'Select'
  | 'ForeignKey'
  | 'Geometry'
  | 'Calculated'
  | 'Interpolated';

/** All column types, in SPEC order. */
export const COLUMN_TYPES: readonly ColumnType[] = [
  'Integer',
  'Number',
  'Text',
  'LongText',
  'DateTime',
  'Boolean',
  'Select',
  'ForeignKey',
  'Geometry',
  'Calculated',
  'Interpolated',
];

/** A column of a platform table. */
export interface Column {
  id: number;
  tableId: number;
  /** Field name in the source database, e.g. 'SKUPINA'. */
  dbName: string;
  /** Human (Slovenian) label. */
  name: string;
  type: ColumnType;
  isPk: boolean;
  /** Special columns (status, creator, public flag...) are set by the platform, never sent by forms. */
  isSpecial: boolean;
  /** For ForeignKey: the referenced table and whether its key is an integer or a string. */
  fkTableId?: number | null;
  fkKeyType?: 'integer' | 'string' | null;
}

/** A table's geometry type number: 2,3 point; 4,5 line; 6,7 polygon. */
export type GeometryTypeNumber = number;

/** A platform table. */
export interface Table {
  id: number;
  projectId: number;
  name: string;
  geometryType: GeometryTypeNumber | null;
  columns: Column[];
}

/** One value of a Select column. */
export interface SelectValue {
  value: string | number;
  text: string;
}

/** A project: its tables and layers. */
export interface Project {
  id: number;
  name: string;
  description?: string;
  tables: Table[];
  layers: ProfileLayer[];
}

/** GeoJSON geometry (coordinates in EPSG:3857). */
export interface Geometry {
  type: 'Point' | 'MultiPoint' | 'LineString' | 'MultiLineString' | 'Polygon' | 'MultiPolygon' | 'GeometryCollection';
  coordinates?: unknown;
  geometries?: Geometry[];
}

/** Property values keyed by column id (as a string, JSON object keys). */
export type Properties = Record<string, string | number | boolean | null>;

/** A feature: geometry plus properties keyed by column id. */
export interface Feature {
  type: 'Feature';
  id: number;
  geometry: Geometry | null;
  properties: Properties;
  /**
   * The server's version of the record (its ETag), where the server tells it: in /detailed, and
   * in extenttables for the caller's own records. An edit sends it as If-Match (server/api/records/versions.ts).
   */
  version?: number;
  /**
   * Present when the caller gets a sensitive species' find generalised (domain/sensitivity.ts): the
   * side in metres of the national-grid square whose centre `geometry` is. Absent = the exact place.
   */
  generalised?: 1000 | 10000;
  /**
   * The measured accuracy of the location in metres (the device's fix or the photo's EXIF
   * GPSHPositioningError), when known; it goes with the geometry (a new geometry without it has
   * none). Present only with the exact place (domain/locationAccuracy.ts isAccuracyMetres).
   */
  accuracyMetres?: number | null;
}

/** An attachment of a record. */
export interface Attachment {
  id: number;
  recordId: number;
  tableAttachmentInfoId: number;
  name: string;
  mimeType: string;
  size: number;
  /** True for the photo the reporter chose to show the find (its card); absent or false for the others. A record's attachments come in the reporter's order. */
  cover?: boolean;
}

/** A record: id, properties, geometry, attachments. */
export interface DataRecord {
  id: number;
  tableId: number;
  properties: Properties;
  geometry: Geometry | null;
  attachments: Attachment[];
  createdByEmail: string | null;
  createdAt: string;
  updatedAt: string;
  /** The record's version (its ETag). */
  version: number;
  /** As Feature.generalised: the square's side when the caller gets the place generalised. */
  generalised?: 1000 | 10000;
  /** As Feature.accuracyMetres. */
  accuracyMetres?: number | null;
}

/** Stroke part of a symbology style. */
export interface StrokeStyle {
  color: string;
  width?: number;
  lineCap?: 'butt' | 'round' | 'square';
  lineJoin?: 'bevel' | 'round' | 'miter';
  lineDash?: number[];
  lineDashOffset?: number;
  halo?: { color: string; width: number } | null;
}

/** Fill part of a symbology style. */
export interface FillStyle {
  color: string;
}

/** Marker part of a symbology style. */
export interface MarkerStyle {
  type: 'circle' | 'square' | 'triangle' | 'rectangle' | 'star' | 'cross';
  radius: number;
  rotation?: number;
  isScaled?: boolean;
  fill?: FillStyle;
  stroke?: StrokeStyle;
}

/** Icon part of a symbology style. */
export interface IconStyle {
  svgString: string;
  anchor?: [number, number];
  rotation?: number;
  scale?: number;
  isScaled?: boolean;
}

/** Label part of a symbology style. */
export interface TextStyle {
  columnId: number;
  size?: number;
  minZoom?: number;
  maxZoom?: number;
  offsetX?: number;
  offsetY?: number;
  fill: FillStyle;
  stroke: StrokeStyle;
}

/** One style: any of the symbology parts (fill, stroke, marker, icon, text). */
export interface SymbolStyle {
  fill?: FillStyle;
  stroke?: StrokeStyle;
  marker?: MarkerStyle;
  icon?: IconStyle;
  text?: TextStyle;
}

/** A rule of a complex symbology: a filter and the style for matching features. */
export interface SymbologyRule {
  name?: string;
  filter: FilterInput | null;
  style: SymbolStyle;
}

/** Simple (one style) or complex (rules, first match wins; `style` for the rest). */
export type Symbology =
  { type: 'simple'; style: SymbolStyle } | { type: 'complex'; rules: SymbologyRule[]; style?: SymbolStyle };

/** A table view: a table with a fixed filter. */
export interface TableView {
  id: number;
  tableId: number;
  filters: FilterInput | null;
}

/** A layer of a profile. */
export interface ProfileLayer {
  id: number;
  tableId: number;
  tableViewId: number | null;
  name: string;
  symbology: Symbology;
}

/** A base map of the configuration (SPEC: url, overlay, visible). */
export interface BaseMap {
  id: string;
  name: string;
  url: string;
  overlay: boolean;
  visible: boolean;
  opacity?: number;
  /** True when the layer can be downloaded for offline use (the orthophoto). */
  offline?: boolean;
}

/** A profile: what a client app shows of a project. SPEC spells 'inital' as the platform does. */
export interface Profile {
  id: number;
  projectId: number;
  name: string;
  tables: number[];
  tableViews: TableView[];
  layers: ProfileLayer[];
  baseMaps: BaseMap[];
  initalCenterLong: number;
  initalCenterLat: number;
  initalZoom: number;
  minZoom: number;
  maxZoom: number;
}

/** JSON error body of every failed API call. */
export interface ApiErrorBody {
  status: number;
  error: string;
  message: string;
}
