// Build-time replacement for the codegen client preset's `graphql()` lookup: each graphql(`...`) call
// becomes its parsed document, inlined where it is used. Without this the preset's map of every operation
// lands in the entry chunk, so each route would ship every other route's queries (see client/gql/gql.ts).
// Types still come from the generated overloads; only the emitted JavaScript changes.
import { parse } from 'graphql';
import type { Plugin } from 'vite';

const CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g;

export function inlineGraphqlDocuments(): Plugin {
  return {
    name: 'bookhaven:inline-graphql-documents',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/client\/.+\.tsx?$/.test(id) || id.includes('/client/gql/') || !code.includes('graphql(`')) return null;
      const inlined = code.replace(CALL, (_call, source: string) => `(${JSON.stringify(parse(source, { noLocation: true }))})`);
      return { code: inlined, map: null };
    },
  };
}
