/**
 * Code-unit order, not locale order: `sort` with it gives the same order on every machine, so the
 * same records give the same bytes.
 */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
