import { describe, expect, it } from 'vitest';
import {
  camelCase,
  constantCase,
  derivedEnumMemberKey,
  enumMemberKeys,
  memberName,
  nameOperations,
  NameRegistry,
  pascalCase,
  propertyAccess,
  propertyKey,
} from '../../generator/ir/names.js';
import { reservedNames } from '../../generator/plan/reserved.js';

describe('identifiers', () => {
  it.each([
    ['billing-details', 'BillingDetails'],
    ['PaginatedStationList', 'PaginatedStationList'],
    ['user_id', 'UserId'],
    ['2fa-settings', '_2faSettings'],
    ['Error', 'Error_'],
    ['Response', 'Response_'],
    ['', 'Unnamed'],
    ['a.b.c', 'ABC'],
  ])('pascalCase(%j) = %j', (raw, want) => expect(pascalCase(raw)).toBe(want));

  it.each([
    ['user_id', 'userId'],
    ['stationsAround', 'stationsAround'],
    ['delete', 'delete_'],
    ['constructor', 'constructor_'],
    ['__proto__', 'proto'],
    ['get users by user_id', 'getUsersByUserId'],
  ])('camelCase(%j) = %j', (raw, want) => expect(camelCase(raw)).toBe(want));

  it.each([
    ['IEC 62196 T2', 'Iec62196T2'],
    ['IEC_60309_2_single_16', 'Iec60309_2Single16'],
    ['already-charging', 'AlreadyCharging'],
    ['default', 'Default'],
    [3, 'Value3'],
    ['2fa', 'Value2fa'],
    ['', 'Empty'],
  ])('derivedEnumMemberKey(%j) = %j', (raw, want) => expect(derivedEnumMemberKey(raw)).toBe(want));

  it('names enum members after their wire values where those are identifiers and not keywords', () => {
    expect(
      enumMemberKeys(['IEC_62196_T2', 'CHADEMO', 'slow', 'already_charging', 'unknown', '$ref']),
    ).toEqual(['IEC_62196_T2', 'CHADEMO', 'slow', 'already_charging', 'unknown', '$ref']);
    expect(
      enumMemberKeys(['default', 'new', '__proto__', 'constructor', 'a-b', 'IEC 62196', 7]),
    ).toEqual(['Default', 'New', 'Proto', 'Constructor', 'AB', 'Iec62196', 'Value7']);
  });

  it('never lets a derived enum member name take the name of a wire value, in any order', () => {
    expect(enumMemberKeys(['foo-bar', 'FooBar'])).toEqual(['FooBar2', 'FooBar']);
    expect(enumMemberKeys(['FooBar', 'foo-bar', 'foo bar'])).toEqual([
      'FooBar',
      'FooBar2',
      'FooBar3',
    ]);
  });

  it('constantCase', () => expect(constantCase('PowerGroup')).toBe('POWER_GROUP'));

  it('quotes property names that are not identifiers', () => {
    expect(propertyKey('evse_id')).toBe('evse_id');
    expect(propertyKey('odd-name')).toBe('"odd-name"');
    expect(propertyAccess('o', 'odd.name')).toBe('o["odd.name"]');
    expect(propertyAccess('o', '__proto__')).toBe('o["__proto__"]');
  });

  it('hands out unique names in claim order', () => {
    const registry = new NameRegistry(['User']);
    expect(registry.claim('User')).toBe('User2');
    expect(registry.claim('User')).toBe('User3');
    expect(registry.claim('Station')).toBe('Station');
  });
});

describe('remembered identifiers', () => {
  it('answers a name asked again the same, also after more names than it keeps', () => {
    expect(pascalCase('billing-details')).toBe('BillingDetails');
    expect(camelCase('billing-details')).toBe('billingDetails');
    for (let i = 0; i <= 50_000; i++) pascalCase(`name_${i}`);
    for (let i = 0; i <= 50_000; i++) camelCase(`name_${i}`);
    expect(pascalCase('billing-details')).toBe('BillingDetails');
    expect(camelCase('billing-details')).toBe('billingDetails');
    expect(pascalCase('name_12345')).toBe('Name12345');
    expect(camelCase('user_id')).toBe('userId');
  });
});

describe('member names', () => {
  it('keeps reserved words usable as members but not the ones every object has', () => {
    expect(memberName('delete')).toBe('delete');
    expect(memberName('billing-details')).toBe('billingDetails');
    expect(memberName('constructor')).toBe('constructor_');
  });

  it.each([
    ['SSH Keys', 'sshKeys'],
    ['CDN Endpoints', 'cdnEndpoints'],
    ['getURLForID', 'getUrlForId'],
    ['XMLHttpRequest', 'xmlHttpRequest'],
    // A plural acronym is one word, which `words` would split as `VP Cs`.
    ['VPCs', 'vpcs'],
    ['Floating IPs', 'floatingIps'],
    ['listAPIs', 'listApis'],
    // Mixed-case terms whose capitals are not word breaks.
    ['OAuth', 'oauth'],
    ['getOAuthToken', 'getOauthToken'],
    ['IPv6Address', 'ipv6Address'],
    ['GraphQL', 'graphql'],
    // A leading number of up to two digits is said as words; a longer one keeps the `_`.
    ['1-Click Applications', 'oneClickApplications'],
    ['3d_secure', 'threeDSecure'],
    ['42 answers', 'fortyTwoAnswers'],
    ['2023-01', '_202301'],
    ['007 agents', '_007Agents'],
    // What our own document names stays as it was.
    ['createSetupIntent', 'createSetupIntent'],
    ['paymentMethods', 'paymentMethods'],
  ])('memberName(%j) = %j', (raw, want) => expect(memberName(raw)).toBe(want));
});

describe('operation names', () => {
  const place = (path: string) => {
    const parts = path.split('.');
    return { resourcePath: parts.slice(0, -1), methodName: parts[parts.length - 1]! };
  };

  it('names the standalone function after the client method path', () => {
    const names = nameOperations(
      ['users.paymentMethods.createSetupIntent', 'stations.around', 'users.delete'].map(place),
    );
    expect(names.map((n) => n.functionName)).toEqual([
      'usersPaymentMethodsCreateSetupIntent',
      'stationsAround',
      'usersDelete',
    ]);
    expect(names.map((n) => [...n.resourcePath, n.methodName].join('.'))).toEqual([
      'users.paymentMethods.createSetupIntent',
      'stations.around',
      'users.delete',
    ]);
  });

  it('settles collisions in document order: methods against siblings and sub-resources, functions across the client', () => {
    const names = nameOperations(
      [
        'users.list',
        'users.list',
        'users.billing',
        'users.billing.get',
        'usersBilling.get',
        'users.core',
        'tile.forPoint',
      ].map(place),
      new NameRegistry(reservedNames('connect')),
    );
    expect(
      names.map((n) => `${[...n.resourcePath, n.methodName].join('.')} ${n.functionName}`),
    ).toEqual([
      'users.list usersList',
      'users.list2 usersList2',
      // `users.billing` is a sub-resource, so a method cannot be called that.
      'users.billing2 usersBilling2',
      'users.billing.get usersBillingGet',
      'usersBilling.get usersBillingGet2',
      'users.core2 usersCore2',
      // The package already exports `tileForPoint`.
      'tile.forPoint tileForPoint2',
    ]);
  });

  it('gives a place read from method and path up for the one its id names when that place is contested', () => {
    const plain = (path: string, id: string) => ({ ...place(path), idPlace: place(id) });
    const names = nameOperations([
      plain('users.update', 'users.putUser'),
      plain('users.update', 'users.postUser'),
      plain('users.retrieve', 'users.getUser'),
      // A method named like a sub-resource of its own resource.
      plain('users.export', 'users.exportUser'),
      place('users.export.status'),
      // An operation whose own id is `retrieve` keeps it; the place read from a path gives way.
      place('users.retrieve'),
    ]);
    expect(names.map((n) => `${[...n.resourcePath, n.methodName].join('.')}`)).toEqual([
      'users.putUser',
      'users.postUser',
      'users.getUser',
      'users.exportUser',
      'users.export.status',
      'users.retrieve',
    ]);
  });
});
