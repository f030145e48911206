import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { catalogueEditorsMocks } from './catalogue-editing-test-utils.ts';
import { POLICY_QUERY } from './policy.ts';
import { useCatalogueAccess } from './use-can-edit-catalogue.ts';

function accessWith(mocks: MockLink.MockedResponse[]) {
  const wrapper = ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;
  return renderHook(() => useCatalogueAccess(), { wrapper }).result;
}

describe('useCatalogueAccess', () => {
  it('is checking until the policy is known, then allowed when every member may edit', async () => {
    const access = accessWith(catalogueEditorsMocks('MEMBERS'));
    expect(access.current).toBe('checking');
    await waitFor(() => expect(access.current).toBe('allowed'));
  });

  it('in a staff-only library, asks for the role: denied to members, allowed to staff', async () => {
    const member = accessWith(catalogueEditorsMocks('STAFF', 'user'));
    await waitFor(() => expect(member.current).toBe('denied'));
    const staff = accessWith(catalogueEditorsMocks('STAFF', 'admin'));
    await waitFor(() => expect(staff.current).toBe('allowed'));
  });

  it('allows when the policy cannot be read: the gateway still refuses what it does not allow', async () => {
    const access = accessWith([{ request: { query: POLICY_QUERY }, error: new Error('down') }]);
    expect(access.current).toBe('checking');
    await waitFor(() => expect(access.current).toBe('allowed'));
  });
});
