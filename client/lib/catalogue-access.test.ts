import { describe, expect, it } from 'vitest';
import { catalogueAccess, type AccessFacts } from './catalogue-access.ts';

const facts = (over: Partial<AccessFacts>): AccessFacts => ({
  editors: undefined,
  policyFailed: false,
  role: undefined,
  roleFailed: false,
  ...over,
});

describe('catalogueAccess: the one decision the header and the pages share', () => {
  it('waits for the policy, then lets every member edit a members library', () => {
    expect(catalogueAccess(facts({}))).toBe('checking');
    expect(catalogueAccess(facts({ editors: 'MEMBERS' }))).toBe('allowed');
  });

  it('in a staff-only library waits for the role, then allows staff only', () => {
    expect(catalogueAccess(facts({ editors: 'STAFF' }))).toBe('checking');
    expect(catalogueAccess(facts({ editors: 'STAFF', role: 'user' }))).toBe('denied');
    expect(catalogueAccess(facts({ editors: 'STAFF', role: null }))).toBe('denied');
    expect(catalogueAccess(facts({ editors: 'STAFF', role: 'admin' }))).toBe('allowed');
  });

  it('locks nobody out when the policy or the role cannot be read: the gateway still refuses', () => {
    expect(catalogueAccess(facts({ policyFailed: true }))).toBe('allowed');
    expect(catalogueAccess(facts({ editors: 'STAFF', roleFailed: true }))).toBe('allowed');
  });
});
