import * as z from '../zod';

export const CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export const FIELD_ACTIONS = ['add', 'update', 'remove'] as const;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const fieldChangeSchema = z.object({
  name: z.string(),
  field: z.string(),
  subfield: z.optional(z.string()),
  action: z.enum(FIELD_ACTIONS),
  previousValue: z.optional(scalar),
  newValue: z.optional(scalar),
  /** Set when read: the name of the record an id value points at (e.g. a driver for `driverId`). */
  previousName: z.optional(z.string()),
  newName: z.optional(z.string()),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const changeLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(CHANGE_ACTIONS),
  entityType: z.string(),
  entityId: z.string(),
  userId: z.string(),
  userName: z.optional(z.string()),
  createdAt: z.string(),
  notes: z.optional(z.string()),
  changes: z.array(fieldChangeSchema),
  /** The order whose stock movement this entry records (product history, written from the stock ledger). */
  order: z.optional(
    z.object({
      id: z.string(),
      orderNum: z.string(),
      status: z.string(),
      /**
       * Set for a purchase order's receipt, and for a return of a sales order (status RETURNED or WRITTEN_OFF,
       * with its credit note's number); a sales order leaves it out.
       */
      kind: z.optional(z.enum(['purchaseOrder', 'return'])),
      creditNoteNum: z.optional(z.string()),
    }),
  ),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntrySchema>;

export const ENTITY_TYPES = [
  'user',
  'product',
  'productType',
  'extractType',
  'brand',
  'customer',
  'order',
  'purchaseOrder',
  'payment',
  'return',
  'payroll',
  'location',
] as const;
export const changeLogParams = z.object({
  entityType: z.enum(ENTITY_TYPES, { error: `entityType must be one of ${ENTITY_TYPES.join(', ')}` }),
  entityId: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
});

export const changeLogQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(500))),
  cursor: z.optional(z.string().check(z.maxLength(2048, 'Invalid cursor'), z.regex(/^[\w-]*$/, 'Invalid cursor'))),
});
