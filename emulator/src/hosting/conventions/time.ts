// Timestamps of the API: ISO 8601 without fractions, `YYYY-MM-DDTHH:MM:SSZ`.
export function isoTime(date: Date | number | string = new Date()): string {
  const d = date instanceof Date ? date : new Date(date);
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A stored timestamp as it goes out: null stays null. */
export function isoOrNull(value: string | null | undefined): string | null {
  return value ? isoTime(value) : null;
}
