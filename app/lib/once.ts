/**
 * A value made the first time it is asked for, then kept. For tables built from the vocabularies:
 * made at module load they would cost every cold start of the Worker, whichever page it serves.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}
