// Lint rules and why they were chosen: docs/decisions/0073-lint-format-and-types-per-runtime.md
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-test/",
      "build-production-check/",
      "build-bench/",
      ".wrangler/",
      ".cache/",
      "node_modules/",
      "public/",
      "docs/",
      "bench-results/",
      "deck-samples/",
      "test-results/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: {
      reportUnusedDisableDirectives: "error",
    },
    // The rules that need the type checker (promises nobody awaits) run in oxlint (.oxlintrc.json,
    // docs/decisions/0093): with type information ESLint took four times the CPU of everything else.
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "@typescript-eslint/no-import-type-side-effects": "error",
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": "off",
      "prefer-const": "error",
      "no-var": "error",
      "object-shorthand": "error",
      "no-throw-literal": "error",
      // TypeScript already knows every global of each runtime (tsconfig per runtime); this rule does not.
      "no-undef": "off",
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    // The form primitives (app/components/ui/field.tsx) are the native controls they draw.
    settings: { "jsx-a11y": { components: { Input: "input", Select: "select", Textarea: "textarea" } } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // The choice cards put their text two spans inside the label.
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // Tests read socket messages and answers as untyped JSON.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
