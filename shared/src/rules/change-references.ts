import type { ChangeLogEntry, ENTITY_TYPES, FieldChange } from '../schemas/changelog';

/**
 * Change-log fields whose values are ids of other records (spec section 3), per entity type: the change-log
 * route names them as they are called today (`previousName` / `newName`), and the screens show the names.
 * Entries written with the name already (newer order entries name drivers and locations) keep it: an id that
 * names nothing is shown as it was stored.
 */
export const REFERENCE_KINDS = ['user', 'location', 'brand', 'productType', 'extractType', 'customer'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export const CHANGE_LOG_REFERENCES: Partial<
  Record<(typeof ENTITY_TYPES)[number], Readonly<Record<string, ReferenceKind>>>
> = {
  order: { driverId: 'user', packingLocationId: 'location', customerID: 'customer', accountOwnerID: 'user' },
  product: { brandID: 'brand', typeID: 'productType', extractTypeID: 'extractType' },
  brand: { brandManagerId: 'user', defaultLocationId: 'location' },
  customer: { accountOwnerID: 'user' },
  user: { userBrands: 'brand', userCustomers: 'customer' },
};

/** The kind of record a change's value points at, if any. */
export const referenceKindOf = (entityType: string, field: string): ReferenceKind | undefined =>
  (CHANGE_LOG_REFERENCES as Record<string, Readonly<Record<string, ReferenceKind>> | undefined>)[entityType]?.[field];

const valueIds = (change: FieldChange): string[] =>
  [change.previousValue, change.newValue]
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);

/** The ids a page of history points at, by kind of record (for one lookup per kind). */
export function referencedIds(entityType: string, entries: readonly ChangeLogEntry[]): Map<ReferenceKind, string[]> {
  const wanted = new Map<ReferenceKind, Set<string>>();
  for (const entry of entries)
    for (const change of entry.changes) {
      const kind = referenceKindOf(entityType, change.field);
      if (!kind) continue;
      const ids = wanted.get(kind) ?? new Set<string>();
      for (const id of valueIds(change)) ids.add(id);
      wanted.set(kind, ids);
    }
  return new Map([...wanted].map(([kind, ids]) => [kind, [...ids]]));
}

/** The entries with `previousName` / `newName` set where `names` knows the id a value holds. */
export function nameReferences(
  entityType: string,
  entries: readonly ChangeLogEntry[],
  names: ReadonlyMap<ReferenceKind, ReadonlyMap<string, string>>,
): ChangeLogEntry[] {
  const nameOf = (kind: ReferenceKind, value: FieldChange['newValue']) =>
    value === undefined || value === null ? undefined : names.get(kind)?.get(String(value));
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes.map((change) => {
      const kind = referenceKindOf(entityType, change.field);
      const previousName = kind && nameOf(kind, change.previousValue);
      const newName = kind && nameOf(kind, change.newValue);
      return {
        ...change,
        ...(previousName ? { previousName } : {}),
        ...(newName ? { newName } : {}),
      };
    }),
  }));
}
