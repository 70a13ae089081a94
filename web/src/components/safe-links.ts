import { isWebLink } from '@bo/shared';

/**
 * What the app renders of addresses people stored: a link only for an absolute http(s) address, an image for
 * that or a path of this site. The API refuses anything else now (`webLink` in shared); these guard what was
 * stored before, so a `javascript:` or `data:` value is shown as text and never followed or loaded.
 */

/** The address to link to, or undefined when the value is not a web link. */
export const webHref = (value: string | null | undefined): string | undefined =>
  isWebLink(value) ? value.trim() : undefined;

/** The address to load an image from: a web link or a path of this site (`/images/…`, not `//host`). */
export const imageSrc = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim() ?? '';
  return isWebLink(trimmed) || /^\/(?!\/)/.test(trimmed) ? trimmed : undefined;
};
