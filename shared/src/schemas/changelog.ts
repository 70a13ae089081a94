import { z } from 'zod';

export const CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export const FIELD_ACTIONS = ['add', 'update', 'remove'] as const;

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const fieldChangeSchema = z.object({
  name: z.string(),
  field: z.string(),
  subfield: z.string().optional(),
  action: z.enum(FIELD_ACTIONS),
  previousValue: scalar.optional(),
  newValue: scalar.optional(),
  /** Set when read: the name of the record an id value points at (e.g. a driver for `driverId`). */
  previousName: z.string().optional(),
  newName: z.string().optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const changeLogEntrySchema = z.object({
  id: z.string(),
  action: z.enum(CHANGE_ACTIONS),
  entityType: z.string(),
  entityId: z.string(),
  userId: z.string(),
  userName: z.string().optional(),
  createdAt: z.string(),
  notes: z.string().optional(),
  changes: z.array(fieldChangeSchema),
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
  'payroll',
  'location',
] as const;
export const changeLogParams = z.object({
  entityType: z.enum(ENTITY_TYPES, { error: `entityType must be one of ${ENTITY_TYPES.join(', ')}` }),
  entityId: z.string().trim().min(1).max(128),
});

export const changeLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  cursor: z.string().max(2048).optional(),
});
