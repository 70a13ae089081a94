/**
 * The entries whose value is not undefined. An update's `set` built from a request body goes through it:
 * the data core turns an undefined value into REMOVE, and a field left out of a body must stay as it is.
 */
export const defined = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
