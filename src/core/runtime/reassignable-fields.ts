/**
 * Marks fields that will be reassigned (buffers that grow) as such from the start. V8 compiles a field that has only
 * ever held one value as a constant and discards every function compiled that way the first time the field changes;
 * on a short job, the recompilations cost more than the work. Storing a second value once, in the constructor, makes
 * V8 load the field instead (each field keeps its type: the stand-in is an empty object of the same kind).
 */
export function markReassignable(target: object, ...keys: string[]): void {
  const fields = target as Record<string, { constructor: new (length: number) => unknown }>;
  for (const key of keys) {
    const value = fields[key];
    if (value === undefined) throw new Error(`markReassignable: no field ${key}`);
    fields[key] = new value.constructor(0) as typeof value;
    fields[key] = value;
  }
}
