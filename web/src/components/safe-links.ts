import { isWebLink } from '@bo/shared';

/**
 * What the app renders of addresses people stored: a link only for an absolute http(s) address, an image for
 * that or a path of this site. The API refuses anything else now (`webLink` in shared); these guard what was
 * stored before, so a `javascript:` or `data:` value is shown as text and never followed or loaded.
 */

/** The address to link to, or undefined when the value is not a web link. */
export const webHref = (value: string | null | undefined): string | undefined =>
  isWebLink(value) ? value.trim() : undefined;

let imageOrigins: readonly string[] | undefined;

/**
 * The origins besides the site's own that the site's Content-Security-Policy lets images load from (`/config.json`
 * names them). Until set, any web link is allowed.
 */
export function configureImageOrigins(origins: readonly string[]) {
  imageOrigins = origins.map((o) => new URL(o).origin);
}

/**
 * The address to load an image from: a path of this site (`/images/…`, not `//host`), or a web link on this site
 * or an origin the policy allows. Another host's image would be refused by the browser (a broken image and a
 * console error), so it is not loaded: the caller shows what it shows for no image.
 */
export const imageSrc = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim() ?? '';
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  if (!isWebLink(trimmed)) return undefined;
  if (!imageOrigins) return trimmed;
  const origin = new URL(trimmed).origin;
  return origin === window.location.origin || imageOrigins.includes(origin) ? trimmed : undefined;
};
