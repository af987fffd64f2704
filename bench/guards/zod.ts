/**
 * zod 4 schemas for the same shapes, as @hey-api/openapi-ts's zod plugin generates them from
 * our spec into bench/.work/hey-api/zod.gen.ts (the run generates them first).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ZodType } from 'zod';
import { HEY_API_OUT } from '../lib/work.js';

export async function loadZodStationPage(): Promise<(value: unknown) => boolean> {
  const schemas = (await import(pathToFileURL(join(HEY_API_OUT, 'zod.gen.ts')).href)) as {
    zPaginatedStationList: ZodType;
  };
  const schema = schemas.zPaginatedStationList;
  return (value) => schema.safeParse(value).success;
}
