// The library's own words in Bangla (issue 41): a genre is a key the API and links keep; its name and a built-in
// category's description are said in the reader's language, with counts in Bengali digits. A category the
// library has no words for keeps the name and description it was given.
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import { CategoriesSection, HomeCategoriesQuery } from './categories-section.tsx';

beforeEach(() => {
  applyCatalogue('bn', bangla);
});

const category = (id: string, name: string, description: string) => ({
  __typename: 'Category' as const,
  id,
  name,
  description,
  image: `/assets/library/categories/${id}.svg`,
});

describe("Home's categories in Bangla", () => {
  it("names Home's categories and describes the built-in ones in Bangla, linking by the genre's key", async () => {
    const categories = [
      category('c1', 'Biography', 'True lives, told by the people who lived them.'),
      category('c2', 'Sci-Fi', 'Journeys to other worlds, other times and the edges of science.'),
      category('c3', 'Dhaka Local', 'Books about the city.'),
      category('c4', 'Poetry', ' '),
    ];
    render(
      <MockedProvider mocks={[{ request: { query: HomeCategoriesQuery }, result: { data: { categories } } }]}>
        <MemoryRouter>
          <CategoriesSection />
        </MemoryRouter>
      </MockedProvider>,
    );
    const biography = (await screen.findByRole('heading', { name: 'জীবনী', level: 3 })).closest('a')!;
    expect(biography).toHaveAttribute('href', '/category/Biography');
    expect(within(biography).getByText('সত্যিকারের জীবনকথা', { exact: false })).toBeInTheDocument();
    expect(within(biography).getByRole('img', { name: 'জীবনী বিভাগের বই' })).toBeInTheDocument();
    const sciFi = screen.getByRole('heading', { name: 'বিজ্ঞান কল্পকাহিনি', level: 3 }).closest('a')!;
    expect(sciFi).toHaveAttribute('href', '/category/Sci-Fi');
    expect(screen.getByRole('heading', { name: 'Dhaka Local', level: 3 })).toBeInTheDocument();
    expect(screen.getByText('Books about the city.')).toBeInTheDocument();
    expect(screen.queryByText('True lives', { exact: false })).not.toBeInTheDocument();
    const poetry = screen.getByRole('heading', { name: 'কবিতা', level: 3 }).closest('a')!;
    expect(within(poetry).getByText('এই বিভাগের বইগুলো ঘুরে দেখুন')).toBeInTheDocument();
  });
});
