// eslint's recommended rules over the browser client, the ES modules the pages of
// src/lastcard/server/static load (`npm run lint`; make lint and make test run it).
import js from "@eslint/js";
import globals from "globals";

export default [
  // The virtual environment holds other projects' JavaScript (matplotlib's, Playwright's).
  { ignores: [".venv/", "build/", "dist/"] },
  {
    files: ["src/lastcard/server/static/js/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: globals.browser,
    },
    rules: {
      ...js.configs.recommended.rules,
      // Identifiers say color, the words people read colour (docs/GLOSSARY.md).
      "id-match": ["error", "^(?!.*(colour|Colour|COLOUR)).*$", { properties: true }],
    },
  },
];
