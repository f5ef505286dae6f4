/** Formats a stored date (ISO string) in the Slovenian locale, e.g. '17. 5. 2024'; '' when empty or invalid. */
export function formatDateSl(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('sl-SI', { timeZone: 'Europe/Ljubljana' });
}
