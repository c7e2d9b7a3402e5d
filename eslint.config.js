// The app's own scripts (static/), as the browsers of a hall's phones run them: no build step,
// so what the oldest phone a player still carries cannot run must not be written at all. Those
// phones are package.json's "browserslist" (Safari from iOS 12, Chrome and Firefox for Android
// from 2019): eslint-plugin-compat refuses a browser API they lack, unless the script checks
// for it first (as captain.js does for AbortController, which iOS 12.0 and 12.1 lack).
const js = require("@eslint/js");
const globals = require("globals");
const compat = require("eslint-plugin-compat");

module.exports = [
  js.configs.recommended,
  compat.configs["flat/recommended"],
  {
    files: ["static/**/*.js"],
    languageOptions: {
      // The newest syntax Safari 12 parses: ES2019 (its one new piece, `catch {` without a
      // binding, is there from Safari 11.1). ES2020's `?.` and `??` came in Safari 13.1.
      ecmaVersion: 2019,
      sourceType: "script",
      globals: globals.browser,
    },
    settings: {
      // The language's own library and regular expressions too (Object.fromEntries, a
      // lookbehind), not only the browser's APIs.
      lintAllEsApis: true,
    },
    rules: {
      eqeqeq: "error",
      "no-var": "off",
      strict: ["error", "function"],
      // Members of an element or event that the plugin cannot see (it cannot tell what object
      // they are read from), which these phones lack.
      "no-restricted-properties": [
        "error",
        { property: "replaceChildren", message: "Safari has it only from iOS 14." },
        { property: "requestSubmit", message: "Safari has it only from iOS 16." },
        { property: "submitter", message: "Safari has it only from iOS 15.4: fall back." },
        { property: "replaceAll", message: "Safari has it only from iOS 13.4." },
        { property: "at", message: "Safari has it only from iOS 15.4." },
      ],
    },
  },
];
