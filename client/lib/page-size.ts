/** How many items a list the server pages asks for at a time (All Books, category pages, All Users). */
export const PAGE_SIZE = 24;
