// The developers' GraphQL sandbox: GraphiQL bundled from npm (works offline), pointed at this origin's
// /graphql, with the Authorization header prefilled from the SPA's session token when there is one.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';

// GraphiQL's query editor does not wrap lines, and on a laptop screen its pane is about 55 characters wide: a
// longer comment line runs out of sight, so the welcome is kept to short lines.
const DEFAULT_QUERY = `# Welcome to the BookHaven GraphQL sandbox.
# Press the run button (or Ctrl+Enter)
# to send the query.
query Catalogue {
  bookCount
  books(first: 5) {
    totalCount
    nodes { id title author genre quantity }
    pageInfo { hasNextPage endCursor }
  }
}
`;

// The header lives as long as this page: GraphiQL never keeps it (its setting to is hidden), and what a version
// that kept headers left behind is dropped, so a token cannot outlive the session that signed out in the SPA.
localStorage.removeItem('graphiql:headers');
localStorage.removeItem('graphiql:shouldPersistHeaders');
try {
  const tabs = JSON.parse(localStorage.getItem('graphiql:tabState') ?? 'null') as {
    tabs?: { headers?: unknown }[];
  } | null;
  if (tabs?.tabs?.some((tab) => tab.headers)) {
    for (const tab of tabs.tabs) tab.headers = null;
    localStorage.setItem('graphiql:tabState', JSON.stringify(tabs));
  }
} catch {
  localStorage.removeItem('graphiql:tabState');
}

const token = localStorage.getItem('bookHavenToken');
const headers = token ? JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2) : undefined;
const fetcher = createGraphiQLFetcher({ url: `${location.origin}/graphql` });

// The page is ours even though the editor is not: a main landmark (sandbox.html) and a heading name it.
createRoot(document.getElementById('sandbox')!).render(
  <>
    <h1
      style={{
        margin: 0,
        padding: '6px 16px',
        font: '600 15px/1.5 system-ui, sans-serif',
        background: '#4c1d95',
        color: '#fff',
      }}
    >
      BookHaven GraphQL sandbox
    </h1>
    <div style={{ flex: 1, minHeight: 0 }}>
      <GraphiQL
        fetcher={fetcher}
        defaultQuery={DEFAULT_QUERY}
        initialHeaders={headers}
        shouldPersistHeaders={false}
        showPersistHeadersSettings={false}
        defaultEditorToolsVisibility={Boolean(headers)}
      />
    </div>
  </>,
);
