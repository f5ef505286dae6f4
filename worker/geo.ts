/** Half the Web-Mercator world width in metres. */
const HALF = 20037508.342789244;

/** WGS84 lon/lat to EPSG:3857 x/y. */
export function lonLatTo3857(lon: number, lat: number): [number, number] {
  const x = (lon * HALF) / 180;
  const y = (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) / (Math.PI / 180)) * (HALF / 180);
  return [x, y];
}
