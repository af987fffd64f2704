/**
 * openapi-typescript's `--enum` names: from the mirror's path of an enum schema (its own path
 * of the schema), the enum's name, and each member's name.
 */
import { describe, expect, it } from 'vitest';
import { enumName, memberName, pathSegments } from '../../generator/emit/openapi-types/enums.js';

describe('openapi-typescript --enum names', () => {
  it.each([
    ['/components/schemas/Pet/status', 'PetStatus'],
    [
      '/paths/~1pet~1findByStatus/get/parameters/query/status',
      'PathsPetFindByStatusGetParametersQueryStatus',
    ],
    [
      '/paths/~1orders~1{region}/parameters/parameters/path/region',
      'PathsOrdersRegionParametersParametersPathRegion',
    ],
    [
      '/paths/~1a/post/requestBody/content/application~1json/kind/oneOf/1',
      'PathsAPostRequestBodyContentApplicationJsonKindOneOf1',
    ],
    ['/paths/~1a/get/responses/200/headers/X-Mode', 'PathsAGetResponses200HeadersXMode'],
    ['/components/headers/Tier/text~1plain', 'ComponentsHeadersTierTextPlain'],
    // Letters beyond ASCII are dropped, as openapi-typescript drops them.
    ['/components/schemas/café/size', 'CafSize'],
    ['/components/schemas/Order%20Line/size', 'OrderLineSize'],
    // openapi-typescript's `1stSize` does not parse; a name starting with a digit takes `Value`.
    ['/components/schemas/1st/size', 'Value1stSize'],
    ['/components/schemas/é', 'ValueEnum'],
  ])('%s → %s', (path, name) => {
    expect(enumName(pathSegments(path))).toBe(name);
  });

  it.each([
    ['available', 'available'],
    ['eu-west', 'eu_west'],
    ['ap+south', 'apPlussouth'],
    ['1st', 'Value1st'],
    ['4.5', 'Value4_5'],
    ['-3', 'ValueMinus3'],
    ['-1.5', 'ValueMinus1_5'],
    ['+', '"+"'],
    ['', '""'],
  ])('member %j → %s', (value, name) => {
    expect(memberName(value)).toBe(name);
  });
});
