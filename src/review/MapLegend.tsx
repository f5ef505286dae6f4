import { sl } from '../i18n/sl.ts';

/** What the map's markers mean: a confirmed find solid, one not confirmed yet lighter (issue #20). */
export function MapLegend() {
  return (
    <section className="map-legend" aria-labelledby="legend-title">
      <h3 id="legend-title">{sl.review.legendTitle}</h3>
      <ul>
        <li>
          <span className="legend-dot" aria-hidden /> {sl.review.legendConfirmed}
        </li>
        <li>
          <span className="legend-dot unconfirmed" aria-hidden /> {sl.review.legendWaiting}
        </li>
        <li>
          <span className="legend-dot unconfirmed rejected" aria-hidden /> {sl.review.legendRejected}
        </li>
      </ul>
    </section>
  );
}
