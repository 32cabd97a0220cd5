/** D1 binds at most 100 parameters per statement. */
export const D1_MAX_PARAMETERS = 100;

/**
 * Splits rows for multi-row inserts so each statement stays under D1's parameter cap; `columns`
 * is the number of values each row binds.
 */
export function rowsPerStatement<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor((D1_MAX_PARAMETERS - 1) / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
