import * as z from '../zod';

/** A trimmed, non-empty string of at most `max` characters: ids and other path segments. */
export const segment = (max = 128) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

export const idParam = z.object({ id: z.string().check(z.trim(), z.minLength(1, 'id is required'), z.maxLength(128)) });
export type IdParam = z.infer<typeof idParam>;

export const isoDateTime = z.iso.datetime({ offset: true });

/** The empty object: for routes without params, query or body. */
export const none = z.strictObject({});
