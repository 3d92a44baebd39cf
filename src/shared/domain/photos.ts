// The photographs bundled with the app (src/client/public/photos, credited in docs/photo-credits.md). An opportunity may
// name one by its path instead of an http(s) address: the demo's opportunities do, so their pictures load from
// the app itself, on any host it is served from (ADR 0030).

const BUNDLED_PHOTO_PATH = /^\/photos\/[a-z0-9-]+\.webp$/;

export function isBundledPhotoPath(value: string): boolean {
  return BUNDLED_PHOTO_PATH.test(value);
}

/** A bundled photo's path as the address a URL field can hold, on the page's own origin. */
export function photoAddressForField(imageUrl: string, origin: string): string {
  return isBundledPhotoPath(imageUrl) ? `${origin}${imageUrl}` : imageUrl;
}

/** Back from the field: an address of a bundled photo on the page's own origin is stored as its path. */
export function photoPathFromField(address: string, origin: string): string {
  if (!address.startsWith(`${origin}/`)) return address;
  const path = address.slice(origin.length);
  return isBundledPhotoPath(path) ? path : address;
}
