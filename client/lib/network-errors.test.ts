import { ServerError } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import {
  friendlyMessage,
  isChunkLoadFailure,
  isNetworkFailure,
  networkMessage,
  NetworkFailure,
} from './network-errors.ts';

const serverError = (status: number) =>
  new ServerError('Response not successful', { response: new Response('', { status }), bodyText: '' });

describe('network errors', () => {
  it.each([
    new TypeError('Failed to fetch'),
    new TypeError('NetworkError when attempting to fetch resource.'),
    new TypeError('Load failed'),
    new NetworkFailure(),
    serverError(502),
    serverError(503),
    serverError(504),
  ])('reads %s as a request that got no answer', (error) => {
    expect(isNetworkFailure(error)).toBe(true);
    expect(friendlyMessage(error, 'fallback')).toBe(networkMessage());
  });

  it.each([new TypeError('x is undefined'), serverError(500), serverError(401), new Error('Book not found')])(
    'leaves other errors as they are (%s)',
    (error) => {
      expect(isNetworkFailure(error)).toBe(false);
    },
  );

  it.each([
    'Failed to fetch dynamically imported module: https://library.example/assets/desk-page-1a2b3c.js',
    'error loading dynamically imported module: https://library.example/assets/desk-page-1a2b3c.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/desk-page-1a2b3c.css',
  ])('reads a page whose code did not load: %s', (message) => {
    expect(isChunkLoadFailure(new TypeError(message))).toBe(true);
    expect(friendlyMessage(new TypeError(message), 'fallback')).toBe(networkMessage());
  });

  it('shows a server refusal as it is worded, and the fallback for an error with no text', () => {
    expect(friendlyMessage(new Error('Book not found'), 'fallback')).toBe('Book not found');
    expect(friendlyMessage('odd', 'Failed to load more')).toBe('Failed to load more');
  });
});
