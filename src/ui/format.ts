/** Formats a stored date (ISO string) in the Slovenian locale, e.g. '17. 5. 2024'; '' when empty or invalid. */
export function formatDateSl(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('sl-SI', { timeZone: 'Europe/Ljubljana' });
}

/** Formats an instant (ISO string) as a short Slovenian date and time in Ljubljana, e.g. '25. 11. 2026, 04:01'. */
export function formatDateTimeSl(iso: string): string {
  return new Date(iso).toLocaleString('sl-SI', {
    timeZone: 'Europe/Ljubljana',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}
