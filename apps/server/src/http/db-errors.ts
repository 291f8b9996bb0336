/**
 * PostgreSQL's "data exception" class (SQLSTATE 22…): a value the column cannot hold, such as an integer
 * out of range (22003), text that is not a uuid (22P02), a NUL character (22021, 22P05) or a string too
 * long (22001). The schemas should refuse such input first; when one slips through, the caller sent bad
 * input, and the failed statement (and its transaction) wrote nothing: it is answered 19001, not 500.
 */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/** The first SQLSTATE that passes `test`, found on the error or on what it wraps (Drizzle wraps driver errors). */
function sqlStateOf(error: unknown, test: (code: string) => boolean): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The SQLSTATE of a data exception, or null. */
export const dataExceptionOf = (error: unknown) => sqlStateOf(error, (code) => DATA_EXCEPTION.test(code));

/** A row named a row another change removed meanwhile (foreign-key violation, 23503). */
export const isForeignKeyViolation = (error: unknown) =>
  sqlStateOf(error, (code) => code === '23503') !== null;

/** A unique constraint refused the row (23505): the name or address is taken. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error, (code) => code === '23505') !== null;
