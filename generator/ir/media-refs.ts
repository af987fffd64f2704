/**
 * The media type objects of a request body's or response's `content`. OpenAPI 3.2 lets one be
 * a `$ref` to `components.mediaTypes`, shared by many bodies: it is followed here, so that the
 * body reads the same as if the object were written in place.
 */
import { entries, type RawObject } from './raw.js';
import { deref } from './deref.js';
import type { SchemaContext } from './schema.js';
import { joinPointer } from './raw.js';

/** `[media type, media type object]` of `owner.content`, `$ref`s followed; a broken one reads as `{}` (validation reported it). */
export function contentOf(
  owner: RawObject,
  ownerPointer: string,
  ctx: SchemaContext,
): [string, unknown][] {
  return entries(owner.content).map(([mediaType, media]) => {
    const isRef = typeof media === 'object' && media !== null && '$ref' in media;
    if (!isRef) return [mediaType, media];
    const pointer = joinPointer(ownerPointer, 'content', mediaType);
    return [mediaType, deref(media, pointer, ctx)?.value ?? {}];
  });
}
