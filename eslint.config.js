// Lint: TypeScript rules plus the pipeline's dependency rules (ARCHITECTURE.md, docs/architecture.md).
// A stage may import only the stages before it; a forbidden import fails `npm run lint` and CI.
import tseslint from 'typescript-eslint';

const stage = (name) => [`**/${name}/**`, `**/${name}`];
const forbid = (names, why) => ({
  group: names.flatMap((n) => stage(`src/${n}`).concat([`../${n}/*`, `../../${n}/*`, `../../../${n}/*`, `../../../../${n}/*`, `../${n}`, `../../${n}`, `../../../${n}`])),
  message: why,
});
const io = ['node:fs', 'node:fs/promises', 'node:net', 'node:http', 'node:https', 'node:child_process', 'classic-level', 'pg', '@electric-sql/pglite', 'ws'];

/** Forbidden imports per stage folder. */
const rules = [
  { files: ['src/lib/**'], patterns: [forbid(['codec', 'node', 'indexer', 'store', 'api', 'cli', 'config'], 'lib/ is the bottom layer: it imports no other stage.')] },
  { files: ['src/codec/**'], patterns: [forbid(['node', 'indexer', 'store', 'api', 'cli', 'config'], 'codec/ is pure: bytes ⇄ records, no other stage.')], paths: io },
  { files: ['src/config/**'], patterns: [forbid(['node', 'indexer', 'store', 'api', 'cli', 'activity'], 'config/ describes settings only.')] },
  { files: ['src/node/**'], patterns: [forbid(['indexer', 'store', 'api', 'cli', 'activity'], 'node/ must not import downstream stages (indexer, store, api).')] },
  { files: ['src/indexer/**'], patterns: [forbid(['node', 'api', 'cli'], 'indexer/ reaches a node only over RPC, never by import.')] },
  { files: ['src/store/**'], patterns: [forbid(['node', 'indexer', 'api', 'cli'], 'store/ knows SQL only.')] },
  { files: ['src/api/**'], patterns: [forbid(['node', 'indexer', 'cli'], 'api/ reads the store and talks to nodes over RPC only.')] },
  { files: ['src/activity/**'], patterns: [forbid(['node', 'indexer', 'store', 'api', 'cli'], 'activity/ is a client: it drives a node over its public APIs only.')] },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', '.scratch/**', 'bench/.cache/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  { files: ['test/**', '**/*.test.ts', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  ...rules.map(({ files, patterns, paths }) => ({
    files,
    rules: {
      'no-restricted-imports': ['error', {
        patterns,
        ...(paths ? { paths: paths.map((name) => ({ name, message: 'codec/ does no I/O.' })) } : {}),
      }],
    },
  })),
  { files: ['bin/**', 'eslint.config.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
