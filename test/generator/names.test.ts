import { describe, expect, it } from 'vitest';
import { camelCase, constantCase, enumMemberKey, memberName, NameRegistry, pascalCase, propertyAccess, propertyKey } from '../../generator/ir/names.js';

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
    ['IEC_62196_T2', 'Iec62196T2'],
    ['IEC_60309_2_single_16', 'Iec60309_2Single16'],
    ['slow', 'Slow'],
    ['already_charging', 'AlreadyCharging'],
    [3, 'Value3'],
    ['', 'Empty'],
  ])('enumMemberKey(%j) = %j', (raw, want) => expect(enumMemberKey(raw)).toBe(want));

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

describe('member names', () => {
  it('keeps reserved words usable as members but not the ones every object has', () => {
    expect(memberName('delete')).toBe('delete');
    expect(memberName('billing-details')).toBe('billingDetails');
    expect(memberName('constructor')).toBe('constructor_');
  });
});
