/** The fields the catalogue views show; the page's query selects exactly these. */
export interface CatalogBook {
  id: string;
  title: string;
  author: string;
  genre: string;
  image: string;
  rating: number;
  quantity: number;
}
