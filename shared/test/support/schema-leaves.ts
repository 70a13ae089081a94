import type * as z from '../../src/zod';

/** A string or number a request schema takes, with where it sits (`products.0.quantity`; `0` stands for any item). */
export interface Leaf {
  path: Array<string | number>;
  kind: 'string' | 'number';
  schema: z.ZodMiniType;
  /** Literal fields of the objects around it (a discriminated union's `type`), which a body must carry to reach it. */
  literals: Array<{ path: Array<string | number>; value: unknown }>;
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
  values?: unknown[];
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
export function leavesOf(
  schema: z.ZodMiniType,
  path: Array<string | number> = [],
  literals: Leaf['literals'] = [],
): Leaf[] {
  const kind = scalarOf(schema);
  if (kind) return [{ path, kind, schema, literals }];
  const def = defOf(schema);
  const walk = (inner: z.ZodMiniType, at = path, around = literals) => leavesOf(inner, at, around);
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape!);
      const own = entries
        .filter(([, value]) => defOf(value).type === 'literal')
        .map(([key, value]) => ({ path: [...path, key], value: defOf(value).values![0] }));
      return entries.flatMap(([key, value]) => walk(value, [...path, key], [...literals, ...own]));
    }
    case 'array':
      return walk(def.element!, [...path, 0]);
    case 'record':
      return walk(def.valueType!, [...path, 'key']);
    case 'union':
      return def.options!.flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left!), ...walk(def.right!)];
    case 'pipe':
      return walk(defOf(def.in!).type === 'transform' ? def.out! : def.in!);
    default:
      return WRAPPERS.has(def.type) ? walk(def.innerType!) : [];
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

/** Sets `value` at `path` inside `target`, making the objects and one-item lists on the way. */
function setAt(target: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container = (target ?? (typeof head === 'number' ? [] : {})) as Record<string | number, unknown>;
  container[head!] = setAt(container[head!], rest, value);
  return container;
}

/** A body holding only `value` at the leaf's place, with the literal fields that lead to it. */
export const sparseBody = (leaf: Pick<Leaf, 'path' | 'literals'>, value: unknown): unknown =>
  leaf.literals.reduce((body, literal) => setAt(body, literal.path, literal.value), setAt(undefined, leaf.path, value));
