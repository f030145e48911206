// The lint rules that keep the code's shape, each shown to fire on a deliberate violation (and to stay quiet on
// the allowed form), so a config change that silently drops one fails here. Boundaries and accessibility are
// linted as text at a path inside the tree; type-aware rules and cycles need real files (tests/lint/fixtures/,
// which `npm run lint` ignores).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'tests', 'lint', 'fixtures');

// Text at an invented path has no type information: type-aware rules are tried on the fixture files instead.
const asText = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});
const asFiles = new ESLint({ cwd: ROOT, ignore: false });

async function rulesFiredOn(code: string, filePath: string): Promise<string[]> {
  const [result] = await asText.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint: layers', () => {
  it.each([
    [
      'library -> graphql',
      'server/library/new-rule.ts',
      "import { formatError } from '../graphql/errors.ts';\nexport const f = formatError;\n",
    ],
    [
      'library -> auth',
      'server/library/new-rule.ts',
      "import { viewerFrom } from '../auth/viewer.ts';\nexport const f = viewerFrom;\n",
    ],
    [
      'store -> library',
      'server/store/new-adapter.ts',
      "import { MESSAGES } from '../library/errors.ts';\nexport const m = MESSAGES;\n",
    ],
    [
      'a rule -> a library service',
      'server/library/rules/new-rule.ts',
      "import { MESSAGES } from '../errors.ts';\nexport const m = MESSAGES;\n",
    ],
    [
      'rest -> a store adapter',
      'server/rest/new-route.ts',
      "import { openSqliteStore } from '../store/sqlite/open-sqlite-store.ts';\nexport const o = openSqliteStore;\n",
    ],
    [
      'client lib -> a feature',
      'client/lib/new-helper.ts',
      "import { GENRES } from '../features/book/genres.ts';\nexport const g = GENRES;\n",
    ],
    [
      'feature -> another feature',
      'client/features/catalog/new-piece.ts',
      "import { GENRES } from '../book/genres.ts';\nexport const g = GENRES;\n",
    ],
    [
      'feature -> app shell',
      'client/features/book/new-piece.tsx',
      "import { router } from '../../app/router.tsx';\nexport const r = router;\n",
    ],
    [
      'the SPA -> the gateway',
      'client/features/home/new-piece.ts',
      "import { DEFAULT_POLICY } from '../../../server/library/policy.ts';\nexport const p = DEFAULT_POLICY;\n",
    ],
    [
      'the gateway -> the SPA',
      'server/library/new-rule.ts',
      "import { formatMoney } from '../../client/lib/money.ts';\nexport const f = formatMoney;\n",
    ],
    [
      'shared -> the gateway',
      'shared/new-rule.ts',
      "import { DEFAULT_POLICY } from '../server/library/policy.ts';\nexport const p = DEFAULT_POLICY;\n",
    ],
    [
      'shared -> the SPA',
      'shared/new-rule.ts',
      "import { formatMoney } from '../client/lib/money.ts';\nexport const f = formatMoney;\n",
    ],
  ])('refuses %s', async (_name, filePath, code) => {
    expect(await rulesFiredOn(code, filePath)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    [
      'graphql -> library',
      'server/graphql/new-resolver.ts',
      "import { MESSAGES } from '../library/errors.ts';\nexport const m = MESSAGES;\n",
    ],
    [
      "store -> the library's rules",
      'server/store/new-adapter.ts',
      "import { next } from '../library/rules/new-rule.ts';\nexport const n = next;\n",
    ],
    [
      'auth -> a library port',
      'server/auth/new-verifier.ts',
      "import { InvalidIdTokenError } from '../library/identity.ts';\nexport const e = InvalidIdTokenError;\n",
    ],
    [
      'a feature -> its own files and shared ones',
      'client/features/book/new-piece.ts',
      "import { GENRES } from './genres.ts';\nimport { getToken } from '../../lib/token-storage.ts';\nexport const g = [GENRES, getToken];\n",
    ],
    [
      'the SPA -> shared',
      'client/features/book/new-piece.ts',
      "import { GENRES } from '../../../shared/genres.ts';\nexport const g = GENRES;\n",
    ],
    [
      'the gateway -> shared',
      'server/store/new-adapter.ts',
      "import { itemBarcode } from '../../shared/barcodes.ts';\nexport const b = itemBarcode;\n",
    ],
    ['shared -> shared', 'shared/new-rule.ts', "import { GENRES } from './genres.ts';\nexport const g = GENRES;\n"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await rulesFiredOn(code, filePath)).toEqual([]);
  });

  it('refuses Node, packages and the DOM in shared/, which runs on both sides', async () => {
    const code = [
      "import { readFileSync } from 'node:fs';",
      "import { IntlMessageFormat } from 'intl-messageformat';",
      'export const f = [readFileSync, IntlMessageFormat, window.location.href];',
      '',
    ].join('\n');
    const fired = await rulesFiredOn(code, 'shared/new-rule.ts');
    expect(fired).toEqual(['no-restricted-imports', 'no-restricted-imports', 'no-restricted-globals']);
  });
});

describe('lint: code', () => {
  it('refuses an import cycle', async () => {
    const [result] = await asFiles.lintFiles([path.join(FIXTURES, 'cycle-a.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('refuses a promise nobody awaits', async () => {
    const [result] = await asFiles.lintFiles([path.join(FIXTURES, 'floating.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-floating-promises']);
  });

  it('refuses an async function where a void callback is expected', async () => {
    const [result] = await asFiles.lintFiles([path.join(FIXTURES, 'misused.ts')]);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-misused-promises']);
  });

  it('refuses vi.mock in the SPA tests, which share a module graph', async () => {
    const code = "import { vi } from 'vitest';\nvi.mock('../lib/auth.tsx');\n";
    expect(await rulesFiredOn(code, 'client/features/book/new-page.test.tsx')).toEqual(['no-restricted-properties']);
  });

  it('refuses an SPA test assertion that cannot fail, and a waitFor that a findBy query says better', async () => {
    const code = [
      "import { expect } from 'vitest';",
      "import { screen, waitFor } from '@testing-library/react';",
      "expect(screen.getByText('Hamlet')).toBeTruthy();",
      "expect(await screen.findByRole('heading')).toBeDefined();",
      "await waitFor(() => expect(screen.getByText('Hamlet')).toBeInTheDocument());",
      "expect(await screen.findByRole('heading')).toBeInTheDocument();",
      "expect(screen.queryByText('Hamlet')).toBeNull();",
      '',
    ].join('\n');
    const fired = await rulesFiredOn(code, 'client/features/book/new-page.test.tsx');
    expect(fired).toEqual(['no-restricted-syntax', 'no-restricted-syntax', 'testing-library/prefer-find-by']);
  });

  it('refuses inaccessible markup in the SPA', async () => {
    const code = 'export const Cover = () => <img src="/c.png" onClick={() => undefined} />;\n';
    const fired = await rulesFiredOn(code, 'client/features/book/new-cover.tsx');
    expect(fired).toEqual(expect.arrayContaining(['jsx-a11y/alt-text', 'jsx-a11y/click-events-have-key-events']));
  });

  it('refuses words written in a component instead of read from the message catalogues', async () => {
    const literal = 'export const Empty = () => <p title="Nothing here">No Borrowed Books</p>;\n';
    const fired = await rulesFiredOn(literal, 'client/features/notices/new-empty.tsx');
    expect(fired).toEqual(['formatjs/no-literal-string-in-jsx', 'formatjs/no-literal-string-in-jsx']);
    const fromCatalogue =
      "import { useI18n } from '../../lib/i18n.ts';\n" +
      "export const Empty = () => <p>{useI18n().formatMessage({ id: 'notices.emptyTitle' })}</p>;\n";
    expect(await rulesFiredOn(fromCatalogue, 'client/features/notices/new-empty.tsx')).toEqual([]);
  });
});

describe('format', () => {
  it('is checked by npm run lint with the project settings, which refuse badly formatted code', async () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts['lint']).toContain('prettier --check .');
    const filepath = path.join(ROOT, 'server', 'new-file.ts');
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    expect(options).toMatchObject({ printWidth: 120, singleQuote: true });
    const formatted = await prettier.format('export const   f = ( a:number )=>a+1', options);
    expect(await prettier.check('export const   f = ( a:number )=>a+1', options)).toBe(false);
    expect(await prettier.check(formatted, options)).toBe(true);
  });
});
