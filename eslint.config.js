// One lint config for the gateway, the SPA and the tests. Besides correctness rules it enforces the layering
// (tests/lint/lint-rules.test.ts proves each rule fires on a deliberate violation):
//   server: transport (graphql/, rest/) -> library/ -> store/ port; library/ declares what it needs from
//           auth/ as ports and never imports auth/ or the transport; the store imports none of them, except
//           library/rules/: pure functions of the state an adapter reads, importing only each other and the port.
//   client: shared (lib/, components/) -> features/<f>/ -> app/; never one feature from another.
//   across: the SPA imports nothing of the gateway and the gateway nothing of the SPA; what both use lives in
//           shared/ (plain TypeScript, no Node, DOM or package imports), which imports neither.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import formatjs from 'eslint-plugin-formatjs';
import testingLibrary from 'eslint-plugin-testing-library';

const features = readdirSync(path.join(import.meta.dirname, 'client', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** import-x/no-restricted-paths zones: `target` may not import `from`. */
const LAYERS = [
  {
    target: './server/library',
    from: [
      './server/graphql',
      './server/rest',
      './server/auth',
      './server/mail',
      './server/sms',
      './server/cache',
      './server/app.ts',
      './server/gateway.ts',
      './server/index.ts',
      './server/web.ts',
      './server/rate-limits.ts',
    ],
    message: 'library/ holds the rules: declare what it needs as a port in library/ and implement it outside.',
  },
  {
    target: './server/store',
    from: ['./server/library'],
    except: ['./rules'],
    message: "The store imports no service: only library/rules/, the rules' pure functions over what it reads.",
  },
  {
    target: './server/library/rules',
    from: ['./server/library'],
    except: ['./rules'],
    message: 'A rule is a pure function of the state it is given: it imports other rules and the store port only.',
  },
  {
    target: './server/store',
    from: [
      './server/graphql',
      './server/rest',
      './server/auth',
      './server/cache',
      './server/app.ts',
      './server/gateway.ts',
    ],
    message: 'The store is the bottom layer: it imports no service or transport.',
  },
  {
    target: ['./server/graphql', './server/rest'],
    from: ['./server/store/sqlite', './server/store/mongo', './server/store/open-store.ts'],
    message: 'Transport reaches data through library/ services, never a store adapter.',
  },
  {
    target: './server/auth',
    from: ['./server/graphql', './server/rest', './server/app.ts'],
    message: 'auth/ implements library ports; it does not know the transport.',
  },
  {
    target: './server/mail',
    from: ['./server/graphql', './server/rest', './server/app.ts', './server/store'],
    message: "mail/ implements the library's Mailer port; it does not know the transport or the store.",
  },
  {
    target: './server/sms',
    from: ['./server/graphql', './server/rest', './server/app.ts', './server/store'],
    message: "sms/ implements the library's SmsSender port; it does not know the transport or the store.",
  },
  {
    target: './client',
    from: './server',
    message: 'The SPA imports nothing of the gateway: move what both sides use to shared/.',
  },
  {
    target: './server',
    from: './client',
    message: 'The gateway imports nothing of the SPA: move what both sides use to shared/.',
  },
  {
    target: './shared',
    from: ['./client', './server'],
    message: 'shared/ is what the SPA and the gateway both import: it imports neither.',
  },
  {
    target: ['./client/lib', './client/components'],
    from: ['./client/features', './client/app'],
    message: 'Shared client code may not import features or the app shell.',
  },
  { target: './client/features', from: './client/app', message: 'Features may not import the app shell.' },
  ...features.map((feature) => ({
    target: `./client/features/${feature}`,
    from: './client/features',
    except: [`./${feature}`],
    message: 'A feature may not import another feature: move what both need to components/ or lib/.',
  })),
];

// esquery selectors for a Testing Library query that throws when nothing matches (getBy..., findBy...), and its await.
const QUERY_NAME = '/^(get|find)(All)?By/';
const QUERY = `CallExpression:matches([callee.property.name=${QUERY_NAME}], [callee.name=${QUERY_NAME}])`;
const AWAITED = `AwaitExpression:matches([argument.callee.property.name=${QUERY_NAME}], [argument.callee.name=${QUERY_NAME}])`;

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'coverage/',
      'test-results/',
      'bench/results/',
      'server/graphql/generated/',
      'client/gql/',
      'data/',
      'tests/lint/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Without a TypeScript parser import-x cannot read the imported files, and no-cycle would see no edges.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'import-x/no-restricted-paths': ['error', { zones: LAYERS }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // shared/ runs in the browser and in Node alike: plain TypeScript that imports only other shared/ files.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.\\.?/)', message: 'shared/ imports only other shared/ files (no Node, DOM or packages).' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'location', 'process', 'Buffer'].map((name) => ({
          name,
          message: 'shared/ runs in the browser and in Node alike: take what it needs as an argument.',
        })),
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['client/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Words a member reads come from the message catalogues (client/messages/<locale>.json), in their language:
    // a literal text in JSX, or in a prop a person reads or hears, fails. The sandbox's chrome stays English.
    files: ['client/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'client/sandbox/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,placeholder,title,alt,intro,question}']] } },
      ],
    },
  },
  {
    // Test harnesses read loosely typed JSON answers.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // SPA test files share their thread's module graph (vitest.config.ts), where a module vi.mock replaces for
    // one file would not reach the components another file imported first: spy on the module instead.
    files: ['client/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Spy on the module with vi.spyOn (see client/test/dialogs.ts).' },
      ],
    },
  },
  {
    // SPA tests query the page as a member finds it and assert with the jest-dom matchers (client/test/setup.ts).
    files: ['client/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      // Some checks read what no role exposes (a star's fill width, a print stylesheet's class): they reach nodes.
      'testing-library/no-node-access': 'off',
      'testing-library/no-container': 'off',
      // The project's render helpers are named for what they return (a spy, a store), not `view`.
      'testing-library/render-result-naming-convention': 'off',
      // Without Vitest's globals Testing Library registers no cleanup: client/test/setup.ts and a few tests call it.
      'testing-library/no-manual-cleanup': 'off',
      // A getBy/findBy query throws when nothing matches, so toBeTruthy() after one cannot fail: say what is checked.
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/] > MemberExpression.callee > CallExpression.object[callee.name='expect'] > :matches(${QUERY}, ${AWAITED})`,
          message: 'The query throws first: assert what it checks (toBeInTheDocument(), toBeVisible(), ...).',
        },
      ],
    },
  },
  {
    // Config files at the root are outside the TypeScript project.
    files: ['*.js'],
    languageOptions: { parserOptions: { projectService: false } },
  },
);
