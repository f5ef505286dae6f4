/**
 * Whether a record is public: its public flag (JAVNO) must say so plainly. 0, false and null
 * hide the record from the map; any value that is not plainly "yes" (an empty string, 2, 'yes',
 * 'TRUE', an array) hides too, so that a value nobody meant as public never publishes the place
 * of a rare species. The data core filters the map with this rule; the server serves rows by it
 * and compiles the same values into SQL.
 */

/** The public flag's values that mean public: JSON true and 1, and their text forms. */
export const PUBLIC_FLAG_VALUES: readonly unknown[] = [true, 1, 'true', '1'];

/**
 * The same values as PostgreSQL's `properties->>'col'` renders them (jsonb true → 'true',
 * 1 → '1', "1" → '1', "true" → 'true'), for the server's SQL.
 */
export const PUBLIC_FLAG_TEXTS: readonly string[] = ['true', '1'];

/** True when a public-flag value makes the record public. */
export function isPublicValue(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}
