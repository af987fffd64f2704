/**
 * ajv compiled from the spec's own component schemas (OpenAPI 3.1 schemas are JSON Schema
 * 2020-12), with ajv-formats for date, date-time and uri and our pattern for `decimal`.
 * The enum components are opened (their `enum` dropped) because response enums are open in
 * our client: the generated guard accepts any string there, and ajv should check no more.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { SPEC } from '../lib/work.js';

// ajv-formats is CommonJS with a default export that NodeNext sees one level down.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

type SchemaMap = Record<string, Record<string, unknown>>;

function openEnums(schemas: SchemaMap): SchemaMap {
  const out: SchemaMap = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (Array.isArray(schema.enum) && schema.type === 'string') {
      const { enum: _closed, ...open } = schema;
      out[name] = open;
    } else {
      out[name] = schema;
    }
  }
  return out;
}

export function compileAjvStationPage(): (value: unknown) => boolean {
  const spec = parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: SchemaMap } };
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv, ['date', 'date-time', 'uri']);
  ajv.addFormat('decimal', DECIMAL);
  ajv.addSchema({
    $id: 'https://bench.local/connect-api',
    components: { schemas: openEnums(spec.components.schemas) },
  });
  const validate = ajv.compile({
    $ref: 'https://bench.local/connect-api#/components/schemas/PaginatedStationList',
  });
  return (value) => validate(value) === true;
}
