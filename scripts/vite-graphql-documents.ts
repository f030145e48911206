// Production builds replace each graphql(`...`) call with its generated document through the codegen client
// preset's own Babel plugin (plugin-react 6 runs no Babel, so @rolldown/plugin-babel hosts it). Without that,
// the preset's map of every operation (client/gql/gql.ts) lands in the entry chunk.
// The Babel plugin imports each document by name from client/gql/graphql.ts, which holds them all, and a
// bundler puts a module in one chunk: the entry's, since the shell itself sends a mutation. So each of those
// imports is pointed at a module of its own holding just that document (fragments included, as codegen
// writes them), which then lands in the chunk of the route that uses it.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import { babelOptimizerPlugin } from '@graphql-codegen/client-preset';
import type { Plugin } from 'vite';

const DOCUMENT = '\0graphql-document:';
// What the Babel plugin writes for each call: `import { AllBooksDocument } from "../../gql/graphql";`.
const GENERATED_IMPORT = /^import \{ (\w+) \} from "[^"]*\/gql\/graphql";$/gm;

export function graphqlDocuments(gqlDir: string) {
  const generated = path.join(gqlDir, 'graphql.ts');
  const replaceCalls = babel({
    presets: [
      defineRolldownBabelPreset({
        preset: () => ({ plugins: [[babelOptimizerPlugin, { artifactDirectory: gqlDir, gqlTagName: 'graphql' }]] }),
        rolldown: { filter: { id: /\/client\//, code: /\bgraphql\(`/ } },
      }),
    ],
  });

  let documents: Record<string, unknown> = {};
  const onePerModule: Plugin = {
    name: 'bookhaven:graphql-document-per-module',
    async buildStart() {
      // codegen has just written the file (npm run build); a fresh URL skips Node's module cache on rebuilds.
      documents = await import(`${pathToFileURL(generated).href}?${Date.now()}`);
    },
    transform(code, id) {
      // The calls are gone, but their `graphql` imports stay; saying the generated modules have no side
      // effects lets those imports go too, instead of making a chunk of their own that the shell preloads.
      if (id.startsWith(gqlDir)) return { moduleSideEffects: false };
      if (!id.includes('/client/') || !code.includes('/gql/graphql"')) return null;
      const split = code.replace(
        GENERATED_IMPORT,
        (_line, name: string) => `import { ${name} } from "${DOCUMENT}${name}";`,
      );
      // Should the Babel plugin's output change shape, fail rather than ship every document up front.
      if (split.includes('/gql/graphql"'))
        this.error(`${id}: an import of client/gql/graphql was not split into its document`);
      return { code: split, map: null };
    },
    resolveId: (id) => (id.startsWith(DOCUMENT) ? id : null),
    load(id) {
      if (!id.startsWith(DOCUMENT)) return null;
      const name = id.slice(DOCUMENT.length);
      if (!(name in documents)) this.error(`${name} is not in ${generated}; run npm run codegen`);
      return `export const ${name} = ${JSON.stringify(documents[name])};`;
    },
  };
  // Development and tests keep the preset's runtime lookup, which needs no build step.
  const buildOnly = async <P extends object>(plugin: P | Promise<P>) => ({
    ...(await plugin),
    apply: 'build' as const,
  });
  return [buildOnly(replaceCalls), buildOnly(onePerModule)];
}
