import type { FieldChange } from '../schemas/changelog';

type Scalar = string | number | boolean | null;
type Value = Scalar | undefined | readonly Scalar[] | Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const toScalar = (v: unknown): Scalar | undefined =>
  v === undefined
    ? undefined
    : v === null || ['string', 'number', 'boolean'].includes(typeof v)
      ? (v as Scalar)
      : JSON.stringify(v);

/**
 * Field-level differences between two versions of a record, for the change log.
 * `labels` names the tracked fields (and gives them their human name); others are ignored.
 * Lists of scalars are compared as sets: each element added or removed is its own change,
 * with the element as `subfield`. Nested objects are compared key by key (`subfield` = key).
 */
export function diffChanges<T extends Record<string, unknown>>(
  before: Partial<T> | undefined,
  after: Partial<T>,
  labels: Partial<Record<keyof T & string, string>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [field, name] of Object.entries(labels) as Array<[keyof T & string, string]>) {
    if (!(field in after)) continue;
    const prev = before?.[field] as Value;
    const next = after[field] as Value;
    if (Array.isArray(prev) || Array.isArray(next)) {
      const p = new Set((prev as Scalar[] | undefined) ?? []);
      const n = new Set((next as Scalar[] | undefined) ?? []);
      for (const v of n) if (!p.has(v)) changes.push({ name, field, subfield: String(v), action: 'add', newValue: v });
      for (const v of p)
        if (!n.has(v)) changes.push({ name, field, subfield: String(v), action: 'remove', previousValue: v });
      continue;
    }
    if (isPlainObject(prev) || isPlainObject(next)) {
      const p = (isPlainObject(prev) ? prev : {}) as Record<string, unknown>;
      const n = (isPlainObject(next) ? next : {}) as Record<string, unknown>;
      for (const key of new Set([...Object.keys(p), ...Object.keys(n)])) {
        const change = scalarChange(name, field, p[key], n[key], key);
        if (change) changes.push(change);
      }
      continue;
    }
    const change = scalarChange(name, field, prev, next);
    if (change) changes.push(change);
  }
  return changes;
}

function scalarChange(
  name: string,
  field: string,
  prev: unknown,
  next: unknown,
  subfield?: string,
): FieldChange | undefined {
  if (prev === next || (isEmpty(prev) && isEmpty(next))) return undefined;
  const action = isEmpty(prev) ? 'add' : isEmpty(next) ? 'remove' : 'update';
  return {
    name,
    field,
    ...(subfield === undefined ? {} : { subfield }),
    action,
    ...(isEmpty(prev) ? {} : { previousValue: toScalar(prev) }),
    ...(isEmpty(next) ? {} : { newValue: toScalar(next) }),
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
