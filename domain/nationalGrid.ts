/**
 * The Slovenian national grid D96-TM (EPSG:3794), as proj4 defines it: the server's projection
 * (server/geo/projection.ts), the data core's squares (worker/nationalGrid.ts) and the map's
 * coordinates (src/map/coords/projections.ts) all use this one definition, so that a square the server
 * stores is the square the map draws, to the bit.
 */
export const EPSG_3794_DEF =
  '+proj=tmerc +lat_0=0 +lon_0=15 +k=0.9999 +x_0=500000 +y_0=-5000000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
