import type * as z from '../../src/zod';

/** A string or number a request schema takes, with where it sits (`products.0.quantity`; `0` stands for any item). */
export interface Leaf {
  path: Array<string | number>;
  kind: 'string' | 'number';
  schema: z.ZodMiniType;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  valueType?: z.ZodMiniType;
  left?: z.ZodMiniType;
  right?: z.ZodMiniType;
}

const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/** The scalar a schema takes in the end, seen through optional/default/… wrappers and the input side of pipes. */
const scalarOf = (schema: z.ZodMiniType): 'string' | 'number' | undefined => {
  const def = defOf(schema);
  if (def.type === 'string' || def.type === 'number') return def.type;
  if (WRAPPERS.has(def.type)) return scalarOf(def.innerType!);
  if (def.type === 'pipe' && defOf(def.in!).type !== 'transform') return scalarOf(def.in!);
  return undefined;
};

/**
 * Every string and number a request schema accepts, found by walking its definition. A leaf is the largest
 * schema around the scalar that still takes only it (a pipe of a number into its checks is one leaf), so
 * probing a leaf runs every check that value meets in the real schema.
 */
export function leavesOf(schema: z.ZodMiniType, path: Array<string | number> = []): Leaf[] {
  const kind = scalarOf(schema);
  if (kind) return [{ path, kind, schema }];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => leavesOf(value, [...path, key]));
    case 'array':
      return leavesOf(def.element!, [...path, 0]);
    case 'record':
      return leavesOf(def.valueType!, [...path, 'key']);
    case 'union':
      return def.options!.flatMap((option) => leavesOf(option, path));
    case 'intersection':
      return [...leavesOf(def.left!, path), ...leavesOf(def.right!, path)];
    case 'pipe':
      return defOf(def.in!).type === 'transform' ? leavesOf(def.out!, path) : leavesOf(def.in!, path);
    default:
      return WRAPPERS.has(def.type) ? leavesOf(def.innerType!, path) : [];
  }
}

/** Numbers outside what DynamoDB stores or the SDK marshals, and numbers in disguise. */
export const EXTREME_NUMBERS: ReadonlyArray<[string, unknown]> = [
  ['1e-131', 1e-131],
  ['1e126', 1e126],
  ['-1e126', -1e126],
  // What JSON.parse makes of the probe's 9007199254740993 (2^53 + 1).
  ['9007199254740993', Number('9007199254740993')],
  ['"NaN"', 'NaN'],
  ['"1e-131"', '1e-131'],
];

/** Longer than any id, name or note the API takes. */
export const OVERSIZED_STRING = 'x'.repeat(100_000);

/** `value` at `path` inside otherwise empty objects and one-item lists. */
export function sparseAt(path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const inner = sparseAt(rest, value);
  return typeof head === 'number' ? [inner] : { [head!]: inner };
}
