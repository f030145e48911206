import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { itemBarcode } from '../../../../shared/barcodes.ts';
import { formatDay } from '../../../lib/dates.ts';
import DeskBookPage from './desk-book-page.tsx';
import { ADD_ITEMS_MUTATION, DESK_BOOK_QUERY, SET_ITEM_STATUS_MUTATION } from './book-items-operations.ts';

const [A, B, C, D] = [1, 2, 3, 4].map(itemBarcode) as [string, string, string, string];

const item = (barcode: string, status: string, dueDate: string | null = null) => ({
  __typename: 'Item',
  barcode,
  status,
  dueDate,
  note: '',
  addedAt: '2026-01-05T10:00:00.000Z',
});

const bookMock = (items: ReturnType<typeof item>[]): MockLink.MockedResponse => ({
  request: { query: DESK_BOOK_QUERY, variables: { id: 'book-1' } },
  result: {
    data: {
      book: {
        __typename: 'Book',
        id: 'book-1',
        title: 'Hamlet',
        author: 'William Shakespeare',
        copies: items.filter((i) => !['LOST', 'WITHDRAWN', 'IN_REPAIR'].includes(i.status)).length,
        quantity: items.filter((i) => i.status === 'ON_SHELF').length,
        items,
      },
    },
  },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/desk/books/book-1']}>
        <main>
          <Routes>
            <Route path="/desk/books/:id" element={<DeskBookPage />} />
          </Routes>
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
}

const cells = (row: HTMLElement) => [
  within(row).getByRole('rowheader').textContent,
  ...within(row)
    .getAllByRole('cell')
    .slice(0, 2)
    .map((cell) => cell.textContent),
];

describe('a book at the desk', () => {
  it('lists every copy with its barcode, status and due day, and sets a copy in repair', async () => {
    const before = [item(A, 'ON_SHELF'), item(B, 'ON_LOAN', '2026-03-20'), item(C, 'LOST')];
    const setStatus = vi.fn(() => ({
      data: { setItemStatus: { __typename: 'Item', barcode: A, status: 'IN_REPAIR' } },
    }));
    renderPage([
      bookMock(before),
      {
        request: {
          query: SET_ITEM_STATUS_MUTATION,
          variables: (v: Record<string, unknown>) => v['barcode'] === A && v['status'] === 'IN_REPAIR',
        },
        result: setStatus,
      },
      bookMock([item(A, 'IN_REPAIR'), before[1]!, before[2]!]),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hamlet' })).toBeInTheDocument();
    expect(screen.getByText('2 copies owned, 1 on the shelf.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Copies' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      [A, 'On the shelf', ''],
      [B, 'On loan', formatDay('2026-03-20')],
      [C, 'Lost', ''],
    ]);
    // A copy on loan changes only by its check-in; a lost one can be found.
    expect(within(rows[1]!).queryAllByRole('button')).toEqual([]);
    expect(within(rows[2]!).getByRole('button', { name: `Found: ${C}` })).toBeInTheDocument();

    await userEvent.click(within(rows[0]!).getByRole('button', { name: `In repair: ${A}` }));
    expect(await screen.findByText(`${A} changed.`)).toBeInTheDocument();
    expect(setStatus).toHaveBeenCalledOnce();
    expect(screen.getByText('1 copy owned, 0 on the shelf.')).toBeInTheDocument();
  });

  it('adds copies and shows their labels, each a Code 128 barcode with the title, ready to print', async () => {
    renderPage([
      bookMock([item(A, 'ON_SHELF')]),
      {
        request: {
          query: ADD_ITEMS_MUTATION,
          variables: (v: Record<string, unknown>) => v['bookId'] === 'book-1' && v['count'] === 2,
        },
        result: {
          data: {
            addItems: [
              { __typename: 'Item', barcode: B },
              { __typename: 'Item', barcode: D },
            ],
          },
        },
      },
      bookMock([item(A, 'ON_SHELF'), item(B, 'ON_SHELF'), item(D, 'ON_SHELF')]),
    ]);
    const count = await screen.findByLabelText('Copies to add');
    const user = userEvent.setup();
    await user.clear(count);
    await user.type(count, '101');
    await user.click(screen.getByRole('button', { name: 'Add copies' }));
    expect(screen.getByText('Add from 1 to 100 copies at a time.')).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '2');
    await user.click(screen.getByRole('button', { name: 'Add copies' }));
    expect(await screen.findByText('2 copies added: print their labels below.')).toBeInTheDocument();
    const sheet = screen.getByRole('region', { name: 'Barcode labels (2)' });
    const labels = within(sheet).getAllByRole('listitem');
    expect(labels.map((label) => label.getAttribute('aria-label'))).toEqual([B, D]);
    // bwip-js loads on first use: the label says what it is while it draws.
    const drawn = await waitFor(() => {
      const img = within(labels[0]!).getByRole('img', { name: `Barcode ${B}` });
      expect(img.tagName).toBe('IMG');
      return img;
    });
    expect(drawn.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(drawn.getAttribute('src') ?? '')).toContain('<svg');
    expect(labels[0]!.textContent).toContain('Hamlet');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(sheet).getByRole('button', { name: 'Print Barcode labels (2)' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });
});
