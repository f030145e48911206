import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner.tsx';

describe('the offline banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the page shows what was loaded before while offline, and goes when the network is back', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    const banner = screen.getByRole('status');
    expect(banner.textContent).toMatch(/^You are offline: showing what was loaded before\. /);
    expect(banner.textContent).toMatch(/changes need a connection/);
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByRole('status')).toBeNull();
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('is not there online', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
