/**
 * The years the filter panel offers: the current year and the previous 4 (the panel shows them,
 * the data core thins the map's finds for each ahead of a pick). A module of its own: the page
 * loads it at start, the rest of the map's filter rules it does not.
 */
export function yearOptions(now = new Date()): number[] {
  const y = now.getFullYear();
  return [y, y - 1, y - 2, y - 3, y - 4];
}
