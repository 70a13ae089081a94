import { z } from 'zod';

export const idParam = z.object({ id: z.string().trim().min(1, 'id is required').max(128) });
export type IdParam = z.infer<typeof idParam>;

export const isoDateTime = z.iso.datetime({ offset: true });

/** The empty object: for routes without params, query or body. */
export const none = z.object({}).strict();
