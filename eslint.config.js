import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}', 'packages/widget/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Console layering: app/ (shell, router, page list) and layouts/ depend on features/ and shared/;
  // features depend on shared/ only; shared/ depends on nothing of the console's own.
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|layouts)/',
              message: 'features depend on shared/, never on app/ or layouts/',
            },
          ],
        },
      ],
    },
  },
  // The visitor widget's first load stays without zod (DESIGN §7: 60 KB): contract types only, but
  // for the questionnaire views, which load on demand.
  {
    files: ['packages/widget/src/**/*.{ts,tsx}', 'packages/media/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.{ts,tsx}', 'packages/widget/src/views/Questionnaire*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@openkefu/contract',
              allowTypeImports: true,
              message:
                'the widget imports types only from the contract: its schemas would bring zod into the first load',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|layouts|features)/',
              message: 'shared/ is the bottom layer: no imports from app/, layouts/ or features/',
            },
          ],
        },
      ],
    },
  },
);
