// The app's own scripts (static/), as the browsers of a hall's phones run them: no build step.
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  js.configs.recommended,
  {
    files: ["static/**/*.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: globals.browser,
    },
    rules: {
      eqeqeq: "error",
      "no-var": "off",
      strict: ["error", "function"],
    },
  },
];
