import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf } from './display-name.ts';

describe('displayNameOf', () => {
  it('follows the fallback order name, username, firstName, displayName, first+last, e-mail, unknown', () => {
    const all = { name: 'N', username: 'U', firstName: 'F', lastName: 'L', displayName: 'D', email: 'e@x.io' };
    expect(displayNameOf(all)).toBe('N');
    expect(displayNameOf({ ...all, name: '' })).toBe('U');
    expect(displayNameOf({ ...all, name: null, username: null })).toBe('F');
    expect(displayNameOf({ displayName: 'D', lastName: 'L', email: 'e@x.io' })).toBe('D');
    expect(displayNameOf({ lastName: 'Lovelace', email: 'ada@x.io' })).toBe('Lovelace');
    expect(displayNameOf({ email: 'ada.l@example.com' })).toBe('ada.l');
    expect(displayNameOf({})).toBe('Unknown User');
    expect(displayNameOf({ name: '   ', email: '@nohost' })).toBe('Unknown User');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words, uppercased', () => {
    expect(initialsOf('ada king lovelace')).toBe('AK');
    expect(initialsOf('  grace   hopper ')).toBe('GH');
  });
  it('takes one letter for a single word', () => {
    expect(initialsOf('plato')).toBe('P');
  });
  it('gives U for an unknown user', () => {
    expect(initialsOf('')).toBe('U');
    expect(initialsOf(null)).toBe('U');
    expect(initialsOf('Unknown User')).toBe('U');
  });
});
