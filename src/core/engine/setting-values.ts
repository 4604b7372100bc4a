/**
 * Checking a metric setting's value as a user wrote it (in an `understudy.json` manifest), against the JSON schema of
 * the `understudy.*` setting of the same name (package.json `contributes.configuration`): one description of every
 * setting, whoever adds one, serves the Settings editor, the manifest's schema and this check.
 */
export interface SettingSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly items?: SettingSchema;
}

const typeOf = (value: unknown): string => {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const accepts = (type: string, value: unknown): boolean => {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** Why `value` does not fit setting `key`'s schema (undefined when it does). */
export function settingValueProblem(key: string, value: unknown, schema: SettingSchema): string | undefined {
  if (schema.enum) return schema.enum.includes(value) ? undefined : `"${key}" must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const types = schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : schema.type;
  if (types.length > 0 && !types.some((t) => accepts(t, value))) return `"${key}" must be ${types.map((t) => (t === 'integer' ? 'a whole number' : t === 'array' ? 'a list' : `a ${t}`)).join(' or ')}`;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `"${key}" must be at least ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `"${key}" must be at most ${schema.maximum}`;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return `"${key}" must be more than ${schema.exclusiveMinimum}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (const item of value) {
      const problem = settingValueProblem(`${key}[]`, item, schema.items);
      if (problem) return problem;
    }
  }
  return undefined;
}
