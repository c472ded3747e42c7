// Which CSS class names the renderer's style sheets define, and which of them its source
// never writes. A class counts as written when it is a whole word inside a string literal
// or template text of a .ts/.tsx file (where every className comes from); a class built at
// run time (`status-${status}`) can only be seen through a template whose text ends in the
// class's prefix, which the caller checks against its own list of such names.
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';
import ts from 'typescript';

/** @param {string} dir @param {(name: string) => boolean} keep @returns {string[]} */
function filesUnder(dir, keep) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The renderer's style sheets. @param {string} rendererSrc */
export const cssFiles = (rendererSrc) => filesUnder(rendererSrc, (name) => name.endsWith('.css'));

/** The renderer's source, without its tests (a test naming a class does not use it). @param {string} rendererSrc */
export const sourceFiles = (rendererSrc) => filesUnder(rendererSrc, (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));

/**
 * Every class a style sheet's selectors name, with the selectors that name it.
 * @param {string} file
 * @returns {Map<string, string[]>}
 */
export function classesInCss(file) {
  /** @type {Map<string, string[]>} */
  const classes = new Map();
  postcss.parse(fs.readFileSync(file, 'utf8'), { from: file }).walkRules((rule) => {
    // Keyframe steps (`from`, `50%`) are rules too, but name no classes.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)) return;
    selectorParser((selectors) => {
      selectors.walkClasses((node) => {
        const list = classes.get(node.value) ?? [];
        if (!list.includes(rule.selector)) list.push(rule.selector);
        classes.set(node.value, list);
      });
    }).processSync(rule.selector);
  });
  return classes;
}

/**
 * The words in a source file's string literals and template texts, and the prefixes its
 * templates build names from (the text right before a `${`, when it ends in `-`).
 * @param {string} file
 * @returns {{ words: Set<string>; prefixes: Set<string> }}
 */
export function wordsInSource(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  /** @type {Set<string>} */
  const words = new Set();
  /** @type {Set<string>} */
  const prefixes = new Set();
  /** @param {string} text */
  const addWords = (text) => {
    for (const word of text.split(/\s+/)) if (word) words.add(word);
  };
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) addWords(node.text);
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      addWords(node.text);
      const prefix = /(?:^|\s)(\S+-)$/.exec(node.text)?.[1];
      if (prefix && !ts.isTemplateTail(node)) prefixes.add(prefix);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { words, prefixes };
}

/**
 * Classes the style sheets define that no source file writes, except the names in
 * `dynamic` (built at run time). Returns each unused class with the sheet and selectors
 * naming it, and each `dynamic` name that no sheet defines or no template can build.
 * @param {string} rendererSrc
 * @param {readonly string[]} dynamic
 */
export function unusedClasses(rendererSrc, dynamic) {
  /** @type {Set<string>} */
  const words = new Set();
  /** @type {Set<string>} */
  const prefixes = new Set();
  for (const file of sourceFiles(rendererSrc)) {
    const found = wordsInSource(file);
    for (const word of found.words) words.add(word);
    for (const prefix of found.prefixes) prefixes.add(prefix);
  }
  /** @type {Array<{ className: string; file: string; selectors: string[] }>} */
  const unused = [];
  /** @type {Set<string>} */
  const defined = new Set();
  for (const file of cssFiles(rendererSrc)) {
    for (const [className, selectors] of classesInCss(file)) {
      defined.add(className);
      if (!words.has(className) && !dynamic.includes(className)) unused.push({ className, file: path.relative(rendererSrc, file), selectors });
    }
  }
  const staleDynamic = dynamic.filter((name) => !defined.has(name) || ![...prefixes].some((prefix) => name.startsWith(prefix)));
  return { unused, staleDynamic };
}
